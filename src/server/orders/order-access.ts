/**
 * The token of a private order link (`/orders/access/{token}`): the link row's id (16 bytes)
 * and an HMAC-SHA256 of it under a key derived from AUTH_SECRET, both base64url. The token
 * proves itself, so nothing secret is stored: the row holds only which order it opens and
 * whether the owner revoked it, and every process of the store reads a token the same.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

const ID_CHARS = 22
const MAC_CHARS = 43
/** The token's shape: 22 characters of id, then 43 of MAC. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{65}$/

export interface OrderAccessTokens {
  /** The token of a link row. */
  tokenOf: (linkId: string) => string
  /** The link id a token names, or null for one this store did not issue (malformed, altered or signed with another secret). */
  linkIdOf: (token: string) => string | null
}

export function createOrderAccessTokens(authSecret: string): OrderAccessTokens {
  // A key of its own: a MAC made for order links can never pass for a download link, a licence or a session.
  const key = createHmac('sha256', authSecret).update('als/order-access-link/v1').digest()
  const mac = (idBytes: Buffer) => createHmac('sha256', key).update(idBytes).digest()

  return {
    tokenOf(linkId) {
      const id = Buffer.from(linkId.replaceAll('-', ''), 'hex')
      return `${id.toString('base64url')}${mac(id).toString('base64url')}`
    },

    linkIdOf(token) {
      if (!TOKEN_PATTERN.test(token)) return null
      const id = Buffer.from(token.slice(0, ID_CHARS), 'base64url')
      const given = Buffer.from(token.slice(ID_CHARS), 'base64url')
      if (id.length !== 16 || given.length !== 32 || token.length !== ID_CHARS + MAC_CHARS) return null
      // Re-encoding must give the same text: base64url has several spellings of the last character's spare bits.
      if (id.toString('base64url') !== token.slice(0, ID_CHARS) || given.toString('base64url') !== token.slice(ID_CHARS)) return null
      if (!timingSafeEqual(given, mac(id))) return null
      const hex = id.toString('hex')
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    },
  }
}
