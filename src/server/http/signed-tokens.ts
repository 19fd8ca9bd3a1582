/**
 * The tokens of the store's emailed and shared links: a private order link (`/orders/access/{token}`),
 * a free product's confirmation (`/free/{token}`), a news email's unsubscribe (`/unsubscribe/{token}`)
 * and a cart reminder's unsubscribe. A token proves itself with an HMAC-SHA256, so nothing secret is
 * stored and every process of the store reads it the same. Each purpose has a key of its own derived
 * from AUTH_SECRET, so a token made for one can never pass for another, a download link or a session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Part of each key: renaming one invalidates every link already sent for that purpose. */
export type SignedTokenPurpose =
  'order-access-link' | 'free-product-claim' | 'news-unsubscribe' | 'email-preferences/cart-reminders' | 'email-preferences/product-updates' | 'checkout-claim'

/** The HMAC key of one purpose. */
export function signedTokenKey(authSecret: string, purpose: SignedTokenPurpose): Buffer {
  return createHmac('sha256', authSecret).update(`als/${purpose}/v1`).digest()
}

const ID_CHARS = 22
const MAC_CHARS = 43
/** The token's shape: 22 characters of id, then 43 of MAC. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{65}$/

export interface SignedIdTokens {
  /** The token of a row. */
  tokenOf: (id: string) => string
  /** The row id a token names, or null for one this store did not issue for this purpose (malformed, altered, another key). */
  idOf: (token: string) => string | null
}

/** Tokens naming a row by its UUID: the id's 16 bytes and an HMAC-SHA256 of them, both base64url. */
export function createSignedIdTokens(authSecret: string, purpose: SignedTokenPurpose): SignedIdTokens {
  const key = signedTokenKey(authSecret, purpose)
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

/** 128 bits of MAC make a text token unguessable and keep it short enough for a path segment. */
const TEXT_MAC_BYTES = 16
/** The MAC's length in base64url: it closes a text token, so the text is what comes before it. */
const TEXT_MAC_CHARS = 22

export interface SignedTextTokens {
  /** The token of a text (an email address): the text and its MAC, base64url, end to end. */
  tokenOf: (text: string) => string
  /** The text a token names, or null for one this store did not issue for this purpose. */
  textOf: (token: string) => string | null
}

/**
 * Tokens naming a text that is no row id (an email address): its UTF-8 bytes and a truncated
 * HMAC-SHA256 of them, both base64url with nothing between them, so no token has a dot and no
 * link ends like a file's name.
 */
export function createSignedTextTokens(authSecret: string, purpose: SignedTokenPurpose): SignedTextTokens {
  const key = signedTokenKey(authSecret, purpose)
  const mac = (text: string) => createHmac('sha256', key).update(text, 'utf8').digest().subarray(0, TEXT_MAC_BYTES)

  return {
    tokenOf: (text) => `${Buffer.from(text, 'utf8').toString('base64url')}${mac(text).toString('base64url')}`,

    textOf(token) {
      if (token.length <= TEXT_MAC_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return null
      const encodedText = token.slice(0, -TEXT_MAC_CHARS)
      const given = Buffer.from(token.slice(-TEXT_MAC_CHARS), 'base64url')
      const text = Buffer.from(encodedText, 'base64url').toString('utf8')
      // Re-encoding must give the same text: base64url has several spellings of the last character's spare bits.
      if (Buffer.from(text, 'utf8').toString('base64url') !== encodedText || given.toString('base64url') !== token.slice(-TEXT_MAC_CHARS)) return null
      return given.length === TEXT_MAC_BYTES && timingSafeEqual(given, mac(text)) ? text : null
    },
  }
}
