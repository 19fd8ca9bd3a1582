/**
 * Guest orders joining an account, in server tests: a guest (no cookie) pays a Buy Now checkout
 * with the built-in test card as the checkout page does and the webhook completes it; whose an
 * order is; and the join's audit entries.
 */
import { and, asc, eq } from 'drizzle-orm'
import { auditLog, orders } from '../../src/server/db/schema.ts'
import { createSession, orderById } from './checkout-fixtures.ts'
import { deliverWebhooksInto, payBuiltinSession } from './payments.ts'
import type { TestApp } from './test-app.ts'

let address = 0
/** A fresh client address per checkout, so the per-IP checkout limit never trips in a test. */
const nextAddress = () => `100.65.0.${(address = (address % 250) + 1)}`

/** A guest checkout of one product left unpaid: its order stays PENDING. */
export function guestCheckout(t: TestApp, customerEmail: string, productId: string) {
  return createSession(t, { checkoutType: 'direct', customerEmail, items: [{ productId, quantity: 1 }] }, { remoteAddress: nextAddress() })
}

/** A guest checkout of one product that must succeed: paid, completed by its webhook. Answers its session and order id. */
export async function guestPays(t: TestApp, customerEmail: string, productId: string): Promise<{ sessionId: string; orderId: string; browserCookie: string }> {
  const session = await guestCheckout(t, customerEmail, productId)
  const paid = await payBuiltinSession(t.app, session.sessionId)
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`)
  await deliverWebhooksInto(t.app)
  const order = await orderById(t, session.orderId)
  if (order.status !== 'COMPLETED') throw new Error(`order ${order.id} is ${order.status}`)
  return { sessionId: session.sessionId, orderId: session.orderId, browserCookie: session.browserCookie }
}

/** The account an order belongs to (null: still a guest's). */
export async function ownerOf(t: TestApp, orderId: string): Promise<string | null> {
  const [row] = await t.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`No order ${orderId}`)
  return row.userId
}

/** The `order.join_account` entries of an order, oldest first. */
export function joinEntriesOf(t: TestApp, orderId: string) {
  return t.database.db
    .select({ actorId: auditLog.actorId, actorEmail: auditLog.actorEmail, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, orderId), eq(auditLog.action, 'order.join_account')))
    .orderBy(asc(auditLog.createdAt))
}
