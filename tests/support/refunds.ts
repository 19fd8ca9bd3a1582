/**
 * Refund tests' helpers: an order of three $10 packs paid at the fake provider (its session
 * holds the payment, so the provider's refund events find the order), the owner's refund as
 * the console sends it, and what the database and the provider say about an order's refunds.
 */
import { asc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { orderItems, orderRefunds, orders, refundRequests, type ProductRow } from '../../src/server/db/schema.ts'
import type { FakePaymentProvider } from './fake-payment-provider.ts'
import type { PaymentRefund } from '../../src/server/payments/provider.ts'
import type { SignedInUser } from './accounts.ts'
import { createCompletedOrder } from './orders.ts'
import { checkoutSessionInput } from './payments.ts'
import type { TestApp } from './test-app.ts'

export const PACK_PRICE_CENTS = 1000

export interface ThreePackOrder {
  orderId: string
  paymentIntentId: string
  /** The order item of each pack, in the order the packs were given. */
  itemIds: [string, string, string]
}

/** A COMPLETED order of the three packs at $10 each ($30 paid, no discount, no tax), paid at the fake provider. */
export async function paidThreePackOrder(t: TestApp, fake: FakePaymentProvider, buyerId: string, packs: readonly ProductRow[]): Promise<ThreePackOrder> {
  const { db } = t.database
  const { orderId, items } = await createCompletedOrder(t, { userId: buyerId, productIds: packs.slice(0, 3).map((pack) => pack.id) })
  await db.update(orderItems).set({ priceCents: PACK_PRICE_CENTS }).where(eq(orderItems.orderId, orderId))
  const total = 3 * PACK_PRICE_CENTS
  const session = await fake.createCheckoutSession(checkoutSessionInput({ orderId, discountCents: 0, taxCents: 0, totalCents: total, metadata: { orderId } }))
  const paid = fake.pay(session.id)
  await db
    .update(orders)
    .set({ subtotalCents: total, totalAmountCents: total, paymentSessionId: session.id, paymentIntentId: paid.paymentIntentId })
    .where(eq(orders.id, orderId))
  const itemOf = (pack: ProductRow) => items.find((item) => item.productId === pack.id)!.id
  return { orderId, paymentIntentId: paid.paymentIntentId!, itemIds: [itemOf(packs[0]!), itemOf(packs[1]!), itemOf(packs[2]!)] }
}

/** POST /api/admin/orders/:id/refund as the owner's console: the items named, or the whole order. */
export function refundAsOwner(t: TestApp, owner: SignedInUser, orderId: string, orderItemIds?: string[]): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { origin: t.config.publicUrl, cookie: owner.cookie },
    payload: orderItemIds ? { orderItemIds } : {},
  })
}

/** The order's refunds as stored, its refund requests (oldest first), the refunds the provider made of its payment, and each pack's access in pack order. */
export async function refundsOf(t: TestApp, fake: FakePaymentProvider, order: ThreePackOrder) {
  const { db } = t.database
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId))
  return {
    stored: await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId)),
    requests: await db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderId, order.orderId))
      .orderBy(asc(refundRequests.createdAt), asc(refundRequests.idempotencyKey)),
    atProvider: (fake.refunds.get(order.paymentIntentId) ?? []) as readonly PaymentRefund[],
    access: order.itemIds.map((id) => items.find((item) => item.id === id)?.access),
  }
}
