/**
 * Refunds of one order racing, on PostgreSQL only (PGlite has one connection, so nothing there
 * runs at the same time): the owner sends two overlapping selections of an order's three $10
 * packs at the same moment (two tabs, a double click) while the provider takes a moment to
 * answer. Each pack is refunded at most once, in the order and at the provider; the money
 * given back is exactly what the accepted selection chose; the refused one is told which pack
 * is refunded or being refunded; and a pack nobody chose keeps its downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { orderById, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { PACK_PRICE_CENTS, paidThreePackOrder, refundAsOwner, refundsOf, type ThreePackOrder } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'

const OWNER = uniqueEmail('race-owner')
const [A, B, C] = [0, 1, 2]
/** Pairs of selections sent at once; each pair shares a pack, so exactly one of them may go through. */
const OVERLAPPING: [number[], number[]][] = [
  [[A], [A, B]],
  [[A, B], [A]],
  [
    [A, B],
    [B, C],
  ],
  [[B], [A, B, C]],
  [[A], [A]],
  [
    [A, B],
    [A, B],
  ],
  [[C], [B, C]],
]
const ROUNDS = 2

describe.runIf(process.env.DATABASE_URL)('refunds of one order racing on PostgreSQL', () => {
  let t: TestApp
  let owner: SignedInUser
  let buyer: SignedInUser
  let fake: FakePaymentProvider
  let packs: ProductRow[]

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: OWNER })
    owner = await createSignedInUser(t, { email: OWNER })
    buyer = await createSignedInUser(t)
    fake = useFakePayments(t)
    packs = await productsWithFiles(t, 3)
    // The provider takes a moment to answer, as a real one does: the second refund arrives while the first is being asked.
    const refund = fake.refund.bind(fake)
    fake.refund = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 25))
      return refund(input)
    }
  })
  afterAll(async () => t?.close())

  const nameOf = (order: ThreePackOrder, itemId: string) => packs[order.itemIds.indexOf(itemId)]!.name

  /** Each pack refunded at most once, the amounts exactly the refunded packs', and every other pack still downloadable. */
  async function expectRefundedOnce(order: ThreePackOrder, refunded: string[]) {
    const { stored, requests, atProvider, access } = await refundsOf(t, fake, order)
    expect(stored.flatMap((refund) => refund.orderItemIds ?? []).sort()).toEqual([...refunded].sort())
    expect(atProvider.flatMap((refund) => refund.metadata.orderItemIds?.split(',') ?? []).sort()).toEqual([...refunded].sort())
    const expectedCents = refunded.length * PACK_PRICE_CENTS
    expect(stored.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(expectedCents)
    expect(atProvider.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(expectedCents)
    expect((await orderById(t, order.orderId)).refundedCents).toBe(expectedCents)
    expect(requests.filter((request) => request.status === 'pending')).toEqual([])
    for (const [index, itemId] of order.itemIds.entries()) {
      expect(access[index]).toBe(refunded.includes(itemId) ? 'revoked' : 'active')
      if (!refunded.includes(itemId))
        expect((await requestGrant(t, { orderItemId: itemId, productId: packs[index]!.id }, { user: buyer })).statusCode).toBe(200)
    }
  }

  it('two overlapping selections sent at once: one is refunded, the other refused naming the pack they share, and no pack is paid back twice', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const pair of OVERLAPPING) {
        const order = await paidThreePackOrder(t, fake, buyer.id, packs)
        const chosen = pair.map((selection) => selection.map((index) => order.itemIds[index]!))
        const answers = await Promise.all(chosen.map((itemIds) => refundAsOwner(t, owner, order.orderId, itemIds)))

        const accepted = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []))
        expect(
          accepted,
          `${JSON.stringify(pair)}: ${answers.map((answer) => `${answer.statusCode} ${answer.json().error?.message ?? ''}`).join(' | ')}`,
        ).toHaveLength(1)
        const refused = 1 - accepted[0]!
        expect(answers[refused]!.statusCode).toBe(409)
        const { code, message } = answers[refused]!.json().error as { code: string; message: string }
        expect(['ITEM_NOT_REFUNDABLE', 'REFUND_IN_PROGRESS']).toContain(code)
        expect(message).toMatch(code === 'ITEM_NOT_REFUNDABLE' ? / (is|are) already refunded$/ : / (is|are) being refunded$/)
        const shared = chosen[refused]!.filter((itemId) => chosen[accepted[0]!]!.includes(itemId))
        for (const itemId of shared) expect(message).toContain(`"${nameOf(order, itemId)}"`)
        for (const itemId of chosen[refused]!.filter((id) => !shared.includes(id))) expect(message).not.toContain(`"${nameOf(order, itemId)}"`)

        await expectRefundedOnce(order, chosen[accepted[0]!]!)
      }
    }
  })

  it('one pack and the whole order at once: every pack is refunded once and the order is paid back exactly what it was paid', async () => {
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const order = await paidThreePackOrder(t, fake, buyer.id, packs)
      const [one, whole] = await Promise.all([refundAsOwner(t, owner, order.orderId, [order.itemIds[A]!]), refundAsOwner(t, owner, order.orderId)])
      // Whichever came second either refunds what the first left, or is refused naming the pack the first took.
      expect(whole.statusCode).toBe(200)
      if (one.statusCode !== 200) {
        expect(one.statusCode).toBe(409)
        expect(one.json().error.message).toMatch(new RegExp(`^"${packs[A]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is (already|being) refunded$`))
      }
      await expectRefundedOnce(order, [...order.itemIds])
      expect((await orderById(t, order.orderId)).status).toBe('REFUNDED')
    }
  })
})
