/**
 * The order's state changes that checkout and fulfilment share: the per-buyer lock, the
 * atomic promo reservation and its release, and ending a PENDING order (each a conditional
 * update, so two processes ending the same order end it once).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { orders, promoCodes, promoRedemptions, type OrderRow, type OrderStatus } from '../db/schema.ts'

/** Any drizzle handle: the database or a transaction on it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/** First key of our advisory locks, so they never collide with another feature's. */
const CHECKOUT_LOCK_NAMESPACE = 5_307_311

/**
 * Serialises checkouts of one buyer (user id or guest email) until the transaction ends.
 * Harmless on PGlite, which has one connection anyway.
 */
export async function lockBuyer(tx: Executor, buyerKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_NAMESPACE}, hashtext(${buyerKey}))`)
}

/**
 * Takes one use of the promo code if it still has one, in a single statement: with max uses 1
 * and ten buyers at once, exactly one update returns a row.
 */
export async function reservePromoUse(tx: Executor, promoCodeId: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        eq(promoCodes.active, true),
        sql`(${promoCodes.startsAt} is null or ${promoCodes.startsAt} <= now())`,
        sql`(${promoCodes.endsAt} is null or ${promoCodes.endsAt} > now())`,
        sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id })
  return rows.length > 0
}

/** Gives a reserved promo use back (the order will not be paid); a no-op when none is reserved. */
export async function releasePromoUse(tx: Executor, orderId: string): Promise<void> {
  const released = await tx
    .update(promoRedemptions)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'reserved')))
    .returning({ promoCodeId: promoRedemptions.promoCodeId })
  for (const { promoCodeId } of released) {
    await tx
      .update(promoCodes)
      .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, promoCodeId))
  }
}

/**
 * Ends a PENDING order as CANCELLED or FAILED and releases its promo use. Answers the order
 * when this call ended it, null when it was no longer PENDING (or, with `sessionId`, no
 * longer on that payment session).
 */
export async function endPendingOrder(
  tx: Executor,
  orderId: string,
  status: Extract<OrderStatus, 'CANCELLED' | 'FAILED'>,
  sessionId?: string | null,
): Promise<OrderRow | null> {
  const conditions = [eq(orders.id, orderId), eq(orders.status, 'PENDING')]
  if (sessionId !== undefined) conditions.push(sessionId === null ? sql`${orders.paymentSessionId} is null` : eq(orders.paymentSessionId, sessionId))
  const [ended] = await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning()
  if (!ended) return null
  await releasePromoUse(tx, orderId)
  return ended
}

/** Ends a PENDING order in its own transaction. */
export function endPendingOrderNow(db: Database, orderId: string, status: Extract<OrderStatus, 'CANCELLED' | 'FAILED'>, sessionId?: string | null) {
  return db.transaction((tx) => endPendingOrder(tx, orderId, status, sessionId))
}
