/**
 * The tokens of marketing's emailed links: a free product's confirmation (`/free/{token}`) and a
 * news email's unsubscribe (`/unsubscribe/{token}`). A token is the row's id (16 bytes) and an
 * HMAC-SHA256 of it, both base64url, as a private order link is (orders/order-access.ts): it
 * proves itself, so nothing secret is stored, and every process of the store reads it the same.
 * Each purpose has a key of its own derived from AUTH_SECRET, so a confirmation token can never
 * pass for an unsubscribe token, an order link, a download link or a session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

const ID_CHARS = 22
const MAC_CHARS = 43
/** The token's shape: 22 characters of id, then 43 of MAC. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{65}$/

export type SignedLinkPurpose = 'free-product-claim' | 'news-unsubscribe'

export interface SignedLinkTokens {
  /** The token of a row. */
  tokenOf: (id: string) => string
  /** The row id a token names, or null for one this store did not issue for this purpose (malformed, altered, another key). */
  idOf: (token: string) => string | null
}

export function createSignedLinkTokens(authSecret: string, purpose: SignedLinkPurpose): SignedLinkTokens {
  const key = createHmac('sha256', authSecret).update(`als/${purpose}/v1`).digest()
  const mac = (idBytes: Buffer) => createHmac('sha256', key).update(idBytes).digest()

  return {
    tokenOf(id) {
      const bytes = Buffer.from(id.replaceAll('-', ''), 'hex')
      return `${bytes.toString('base64url')}${mac(bytes).toString('base64url')}`
    },

    idOf(token) {
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
