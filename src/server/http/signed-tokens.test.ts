import { describe, expect, it } from 'vitest'
import { createSignedIdTokens } from './signed-tokens.ts'

const SECRET = 'a store secret that is long enough to count'
const ID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'

describe('signed id tokens', () => {
  it('still reads the links already emailed: the same id and secret give the same token as before', () => {
    // Written by the order-link and marketing token code before it became this one helper.
    const sent = {
      'order-access-link': 'Dx4tPEtaaXiHlqW0w9Lh8A2zxjW1loVfxYV3AbH_rAYfCX8TXAtgclimP0w2kzngU',
      'free-product-claim': 'Dx4tPEtaaXiHlqW0w9Lh8AGBqTYA2ISyTI6QDZTn2u0-ojjtHuExqI3fHVSy2weqo',
      'news-unsubscribe': 'Dx4tPEtaaXiHlqW0w9Lh8Ad-R2HPby4EJ-6petUMu1GQgY-7Sq1CBbnWkAvjxnMEk',
    } as const
    for (const [purpose, token] of Object.entries(sent) as [keyof typeof sent, string][]) {
      const tokens = createSignedIdTokens(SECRET, purpose)
      expect(tokens.tokenOf(ID)).toBe(token)
      expect(tokens.idOf(token)).toBe(ID)
    }
  })

  it('refuses a token made for another purpose or another store, or altered', () => {
    const orderLink = createSignedIdTokens(SECRET, 'order-access-link').tokenOf(ID)
    expect(createSignedIdTokens(SECRET, 'news-unsubscribe').idOf(orderLink)).toBeNull()
    expect(createSignedIdTokens('another store secret that is long enough', 'order-access-link').idOf(orderLink)).toBeNull()
    const altered = `${orderLink.slice(0, 30)}${orderLink[30] === 'A' ? 'B' : 'A'}${orderLink.slice(31)}`
    expect(createSignedIdTokens(SECRET, 'order-access-link').idOf(altered)).toBeNull()
    expect(createSignedIdTokens(SECRET, 'order-access-link').idOf('short')).toBeNull()
  })
})
