/**
 * Accounts across two store processes on one PostgreSQL and one Redis: a session made on one
 * process works on the other and ends on both when signed out on either, a cart filled through
 * one is the cart the other shows, and failed sign-ins count against one limit whichever
 * process they reach. Black-box over HTTP (tests/support/store-processes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paidProducts } from '../../../tests/support/fleet-purchases.ts'
import { signedInShopper, startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const RATE_LIMITED = { error: { message: 'Too many sign-in attempts. Please try again later.', status: 429, code: 'RATE_LIMITED' } }

describe.runIf(process.env.DATABASE_URL)('accounts across two store processes', () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  const sessionOn = (store: number, cookie: string) => fleet.call<{ user?: { id: string; email: string } } | null>(store, '/api/auth/get-session', { cookie })

  it('a session made on one process works on the other, and signing out on either ends it on both', async () => {
    const shopper = await signedInShopper(fleet, { name: 'Two Processes' })
    for (const store of [0, 1]) expect((await sessionOn(store, shopper.cookie)).body).toMatchObject({ user: { id: shopper.userId, email: shopper.email } })

    const signedOut = await fleet.call(0, '/api/auth/sign-out', { cookie: shopper.cookie, clientAddress: shopper.clientAddress, body: {} })
    expect(signedOut.status).toBe(200)
    for (const store of [1, 0]) expect((await sessionOn(store, shopper.cookie)).body).toBeNull()
  })

  it('a cart line added through one process is in the cart the other answers', async () => {
    const shopper = await signedInShopper(fleet)
    const [product] = await paidProducts(fleet, 1)
    const added = await fleet.call(0, '/api/cart/items', {
      cookie: shopper.cookie,
      clientAddress: shopper.clientAddress,
      body: { productId: product!.id, quantity: 1 },
    })
    expect(added.status, added.text).toBe(200)
    const cart = await fleet.call<{ data: { productId: string }[] }>(1, '/api/cart', { cookie: shopper.cookie, clientAddress: shopper.clientAddress })
    expect(cart.status).toBe(200)
    expect(cart.body.data.map((line) => line.productId)).toEqual([product!.id])
  })

  it('failed sign-ins on both processes count against one limit per account', async () => {
    const shopper = await signedInShopper(fleet)
    const signIn = (store: number, password: string) =>
      fleet.call(store, '/api/auth/sign-in/email', { body: { email: shopper.email, password }, clientAddress: uniqueClientAddress() })
    // Five wrong passwords, alternating processes and coming from five addresses: each is refused as wrong.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(attempt % 2, 'wrong-password')).status).toBe(401)
    // The sixth is refused by the limit on either process, even with the right password.
    for (const store of [1, 0]) {
      const limited = await signIn(store, shopper.password)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual(RATE_LIMITED)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })
})
