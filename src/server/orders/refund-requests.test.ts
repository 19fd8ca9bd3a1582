/**
 * Refund requests, one step at a time (PGlite and PostgreSQL), through the owner's refund
 * route on an order of three $10 packs: the same selection sent twice is one refund at the
 * provider; packs being refunded are refused by name while the others can still be refunded;
 * a provider failure leaves nothing blocking; and a request a stopped process left pending is
 * finished by the provider's event, or sent again under its own key once it is stale.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { orderById, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { PACK_PRICE_CENTS, paidThreePackOrder, refundAsOwner, refundsOf, type ThreePackOrder } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { refundRequests, type ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import type { PaymentRefund, RefundInput } from '../payments/provider.ts'
import { REFUND_MESSAGES, STALE_AFTER_MINUTES } from './refund-requests.ts'

const OWNER = uniqueEmail('refund-owner')
let t: TestApp
let owner: SignedInUser
let buyerId: string
let fake: FakePaymentProvider
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  buyerId = (await createSignedInUser(t)).id
  fake = useFakePayments(t)
  packs = await productsWithFiles(t, 3)
})
afterAll(async () => t?.close())

const paidOrder = () => paidThreePackOrder(t, fake, buyerId, packs)
const refund = (order: ThreePackOrder, indexes?: number[]) =>
  refundAsOwner(
    t,
    owner,
    order.orderId,
    indexes?.map((index) => order.itemIds[index]!),
  )
const callsFor = (order: ThreePackOrder) => fake.refundCalls.filter((call) => call.paymentIntentId === order.paymentIntentId)
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error

/** The request a process stopped before finishing left behind: claimed for the first pack, perhaps already refunded at the provider. */
async function stoppedRequest(order: ThreePackOrder, { refundedAtProvider }: { refundedAtProvider: boolean }) {
  const [request] = await t.database.db
    .insert(refundRequests)
    .values({
      orderId: order.orderId,
      orderItemIds: [order.itemIds[0]!],
      amountCents: PACK_PRICE_CENTS,
      idempotencyKey: `refund:${order.orderId}:0`,
      reason: 'requested_by_customer',
    })
    .returning()
  let made: PaymentRefund | null = null
  if (refundedAtProvider) {
    made = await fake.refund({
      paymentIntentId: order.paymentIntentId,
      amountCents: PACK_PRICE_CENTS,
      reason: 'requested_by_customer',
      metadata: { orderId: order.orderId, refundRequestId: request!.id, orderItemIds: order.itemIds[0]! },
      idempotencyKey: request!.idempotencyKey,
    })
  }
  return { request: request!, made }
}

describe('the same refund sent twice', () => {
  it('one after the other (a double click) is one refund at the provider: the second is refused naming the pack', async () => {
    const order = await paidOrder()
    expect((await refund(order, [0])).statusCode).toBe(200)
    const again = await refund(order, [0])
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toEqual({ status: 409, code: 'ITEM_NOT_REFUNDABLE', message: `"${packs[0]!.name}" is already refunded` })

    expect(callsFor(order)).toHaveLength(1)
    const { atProvider, stored, requests, access } = await refundsOf(t, fake, order)
    expect(atProvider).toHaveLength(1)
    expect(stored).toEqual([expect.objectContaining({ id: atProvider[0]!.id, amountCents: PACK_PRICE_CENTS, orderItemIds: [order.itemIds[0]] })])
    expect(requests).toEqual([expect.objectContaining({ status: 'succeeded', refundId: atProvider[0]!.id, orderItemIds: [order.itemIds[0]] })])
    expect(access).toEqual(['revoked', 'active', 'active'])
  })
})

describe('a refund still at the provider', () => {
  it('holds its pack: a selection naming it is refused as being refunded, the other packs can be refunded, and the amounts count it as refunded', async () => {
    const order = await paidOrder()
    const original = fake.refund.bind(fake)
    let release = () => {}
    let reached = () => {}
    const atProvider = new Promise<void>((resolve) => (reached = resolve))
    const slow = vi.spyOn(fake, 'refund').mockImplementationOnce(async (input: RefundInput) => {
      reached()
      await new Promise<void>((resolve) => (release = resolve))
      return original(input)
    })
    try {
      const first = refund(order, [0])
      await atProvider

      // The owner's order page shows the pack as being refunded, with no refund button of its own.
      const page = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.orderId}`, headers: { cookie: owner.cookie } })
      expect(
        page
          .json()
          .data.items.map((item: { id: string; refundable: boolean; refundPending: boolean; refundCents: number }) => [
            item.id,
            item.refundable,
            item.refundPending,
            item.refundCents,
          ]),
      ).toEqual(
        expect.arrayContaining([
          [order.itemIds[0], false, true, 0],
          [order.itemIds[1], true, false, PACK_PRICE_CENTS],
        ]),
      )

      const overlapping = await refund(order, [0, 1])
      expect(overlapping.statusCode).toBe(409)
      expect(errorOf(overlapping)).toMatchObject({ code: 'REFUND_IN_PROGRESS', message: `"${packs[0]!.name}" is being refunded` })
      expect((await refund(order, [1])).statusCode).toBe(200)
      // "Everything left": the third pack only, at its own price, as the first is counted refunded.
      const rest = await refund(order)
      expect(rest.statusCode).toBe(200)
      expect(fake.refundCalls.at(-1)).toMatchObject({ amountCents: PACK_PRICE_CENTS, metadata: { orderItemIds: order.itemIds[2] } })

      release()
      expect((await first).statusCode).toBe(200)
    } finally {
      release()
      slow.mockRestore()
    }
    const { atProvider: made, stored, requests, access } = await refundsOf(t, fake, order)
    expect(made.map((refund) => refund.amountCents)).toEqual([PACK_PRICE_CENTS, PACK_PRICE_CENTS, PACK_PRICE_CENTS])
    expect(stored.flatMap((refund) => refund.orderItemIds ?? []).sort()).toEqual([...order.itemIds].sort())
    expect(requests.map((request) => request.status)).toEqual(['succeeded', 'succeeded', 'succeeded'])
    expect(access).toEqual(['revoked', 'revoked', 'revoked'])
    expect(await orderById(t, order.orderId)).toMatchObject({ status: 'REFUNDED', refundedCents: 3 * PACK_PRICE_CENTS })
  })
})

describe('a provider failure', () => {
  it('fails the request and frees its packs: the next refund of them goes through, under a new key', async () => {
    const order = await paidOrder()
    const failing = vi.spyOn(fake, 'refund').mockRejectedValueOnce(new Error('connect ETIMEDOUT'))
    try {
      const failed = await refund(order, [0])
      expect(failed.statusCode).toBe(500)
      expect(errorOf(failed).message).toBe('Failed to refund the order')
    } finally {
      failing.mockRestore()
    }
    const before = await refundsOf(t, fake, order)
    expect(before.requests).toEqual([expect.objectContaining({ status: 'failed', refundId: null })])
    expect(before.atProvider).toEqual([])
    expect(before.access).toEqual(['active', 'active', 'active'])

    expect((await refund(order, [0])).statusCode).toBe(200)
    const after = await refundsOf(t, fake, order)
    expect(after.atProvider).toHaveLength(1)
    expect(after.requests.map((request) => request.status).sort()).toEqual(['failed', 'succeeded'])
    expect(new Set(after.requests.map((request) => request.idempotencyKey)).size).toBe(2)
    expect(after.access).toEqual(['revoked', 'active', 'active'])
  })
  it('that came after the provider refunded (a timeout on the answer) completes the request with that refund: the owner\u2019s retry is refused, never a second refund', async () => {
    const order = await paidOrder()
    const actual = fake.refund.bind(fake)
    const timingOut = vi.spyOn(fake, 'refund').mockImplementationOnce(async (input) => {
      await actual(input)
      throw new Error('read ETIMEDOUT')
    })
    try {
      expect((await refund(order, [0])).statusCode).toBe(200)
    } finally {
      timingOut.mockRestore()
    }
    const retry = await refund(order, [0])
    expect(retry.statusCode).toBe(409)
    const { atProvider, requests, access } = await refundsOf(t, fake, order)
    expect(atProvider).toHaveLength(1)
    expect(requests).toEqual([expect.objectContaining({ status: 'succeeded', refundId: atProvider[0]!.id })])
    expect(access).toEqual(['revoked', 'active', 'active'])
  })

  it('when the provider cannot even be asked keeps the request pending, holding its pack', async () => {
    const order = await paidOrder()
    const failing = vi.spyOn(fake, 'refund').mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
    const unreachable = vi.spyOn(fake, 'paymentRecord').mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
    try {
      expect((await refund(order, [0])).statusCode).toBe(500)
    } finally {
      failing.mockRestore()
      unreachable.mockRestore()
    }
    const retry = await refund(order, [0])
    expect(retry.statusCode).toBe(409)
    expect(errorOf(retry).message).toMatch(/is being refunded$/)
    const { atProvider, requests } = await refundsOf(t, fake, order)
    expect(atProvider).toEqual([])
    expect(requests).toEqual([expect.objectContaining({ status: 'pending' })])
  })
})

describe('a request a stopped process left pending', () => {
  it(`holds its pack, then, ${STALE_AFTER_MINUTES} minutes on, is sent again under its own key by the next refund: the provider answers the refund it made, not a second one`, async () => {
    const order = await paidOrder()
    const { request, made } = await stoppedRequest(order, { refundedAtProvider: true })
    const held = await refund(order, [0])
    expect(held.statusCode).toBe(409)
    expect(errorOf(held).message).toBe(REFUND_MESSAGES.beingRefunded([packs[0]!.name]))

    const stale = sql`now() - make_interval(mins => ${STALE_AFTER_MINUTES + 1})`
    await t.database.db.update(refundRequests).set({ createdAt: stale, updatedAt: stale }).where(eq(refundRequests.id, request.id))
    const retried = await refund(order, [0])
    expect(retried.statusCode).toBe(200)
    expect(retried.json().data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedCents: PACK_PRICE_CENTS })

    expect(callsFor(order).map((call) => call.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey])
    const { atProvider, stored, requests, access } = await refundsOf(t, fake, order)
    expect(atProvider.map((refund) => refund.id)).toEqual([made!.id])
    expect(stored.map((refund) => refund.id)).toEqual([made!.id])
    expect(requests).toEqual([expect.objectContaining({ id: request.id, status: 'succeeded', refundId: made!.id })])
    expect(access).toEqual(['revoked', 'active', 'active'])
  })

  it('is completed by the provider\u2019s refund event: its pack is refunded, the others stay refundable', async () => {
    const order = await paidOrder()
    const { request, made } = await stoppedRequest(order, { refundedAtProvider: true })
    const { payload, headers } = fake.signedObjectEvent('charge.refunded', {
      id: `ch_${order.paymentIntentId}`,
      object: 'charge',
      payment_intent: order.paymentIntentId,
      metadata: {},
    })
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })).statusCode).toBe(200)

    const completed = await refundsOf(t, fake, order)
    expect(completed.requests).toEqual([expect.objectContaining({ id: request.id, status: 'succeeded', refundId: made!.id })])
    expect(completed.access).toEqual(['revoked', 'active', 'active'])
    const again = await refund(order, [0])
    expect(errorOf(again)).toMatchObject({ code: 'ITEM_NOT_REFUNDABLE', message: `"${packs[0]!.name}" is already refunded` })
    expect((await refund(order, [1])).statusCode).toBe(200)
    expect((await refundsOf(t, fake, order)).atProvider).toHaveLength(2)
  })
})
