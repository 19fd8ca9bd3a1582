/**
 * The built-in provider's checkout sessions in the database: creating them, paying them and
 * expiring them. Every state change is a conditional update (`where status = 'open'`) in the
 * same transaction as the event it announces, so two confirmations cannot both pay, and a
 * session cannot be both paid and expired, whichever process or request gets there first.
 */
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { paymentSessions, type PaymentSessionRow } from '../payments.schema.ts'
import type { CreateCheckoutSessionInput } from '../provider.ts'
import { sessionTaxOf, storedMetadataOf } from './builtin-tax.ts'
import { newCheckoutSessionId, newClientSecret, newEventId, newPaymentIntentId } from './ids.ts'
import { checkoutSessionEvent, type CheckoutSessionEventType } from './stripe-objects.ts'
import { enqueueWebhookEvent } from './webhook-deliveries.ts'

/** Stripe's default (and longest) session lifetime. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60_000
const SWEEP_BATCH = 100

export interface SessionStoreDeps {
  db: Database
  publicUrl: string
  /** Told after a transaction that queued an event commits, so delivery can start at once. */
  onEventQueued: () => void
}

export interface PaidCard {
  last4: string
  /** The issuing country (ISO 3166-1 alpha-2). */
  country: string
  cardholderName: string
  email: string | null
}

export type SessionStore = ReturnType<typeof createSessionStore>

export function createSessionStore({ db, publicUrl, onEventQueued }: SessionStoreDeps) {
  async function find(sessionId: string): Promise<PaymentSessionRow | null> {
    const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).limit(1)
    return row ?? null
  }

  /** Applies `change` to an open session and queues its event, atomically; null when it was no longer open. */
  async function transition(
    sessionId: string,
    type: CheckoutSessionEventType,
    change: Partial<PaymentSessionRow>,
    now: Date,
    alsoWhere?: SQL,
  ): Promise<PaymentSessionRow | null> {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(paymentSessions)
        .set(change)
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open'), alsoWhere))
        .returning()
      if (!updated) return null
      await enqueueWebhookEvent(tx, checkoutSessionEvent(newEventId(), type, updated, publicUrl, now), now)
      return updated
    })
    if (row) onEventQueued()
    return row
  }

  return {
    find,

    async create(input: CreateCheckoutSessionInput, now = new Date()): Promise<PaymentSessionRow> {
      const id = newCheckoutSessionId()
      const hosted = input.uiMode === 'hosted'
      // In the `stripe` tax mode the session computes its own tax, as Stripe Tax does.
      const { taxCents, totalCents, tax } = sessionTaxOf(input)
      const [row] = await db
        .insert(paymentSessions)
        .values({
          id,
          clientSecret: newClientSecret(id),
          uiMode: input.uiMode,
          amountTotalCents: totalCents,
          currency: input.currency,
          lineItems: input.lineItems.map(({ productId, name, unitAmountCents, quantity }) => ({ productId, name, unitAmountCents, quantity })),
          discountCents: input.discountCents,
          taxCents,
          customerEmail: input.customerEmail,
          metadata: storedMetadataOf(input, tax),
          successUrl: hosted ? input.successUrl : null,
          cancelUrl: hosted ? input.cancelUrl : null,
          returnUrl: hosted ? null : input.returnUrl,
          expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
          createdAt: now,
        })
        .returning()
      if (!row) throw new Error('Inserting the checkout session returned nothing')
      return row
    },

    /** Marks an open, unexpired session paid and queues checkout.session.completed; null if it was not payable. */
    complete(sessionId: string, card: PaidCard, now = new Date()): Promise<PaymentSessionRow | null> {
      const current = {
        status: 'complete',
        paymentStatus: 'paid',
        cardLast4: card.last4,
        cardCountry: card.country,
        cardholderName: card.cardholderName,
        paymentIntentId: newPaymentIntentId(),
        completedAt: now,
      } as const
      return transition(
        sessionId,
        'checkout.session.completed',
        card.email ? { ...current, customerEmail: card.email } : current,
        now,
        gt(paymentSessions.expiresAt, now),
      )
    },

    /** Ends an open session and queues checkout.session.expired; null if it was not open. */
    expire(sessionId: string, now = new Date()): Promise<PaymentSessionRow | null> {
      return transition(sessionId, 'checkout.session.expired', { status: 'expired' }, now)
    },

    /** Expires every open session past its deadline (each with its event); returns how many. */
    async expireDue(now = new Date()): Promise<number> {
      let expired = 0
      for (;;) {
        const due = await db
          .select({ id: paymentSessions.id })
          .from(paymentSessions)
          .where(and(eq(paymentSessions.status, 'open'), lte(paymentSessions.expiresAt, now)))
          .orderBy(asc(paymentSessions.expiresAt))
          .limit(SWEEP_BATCH)
        for (const { id } of due) if (await transition(id, 'checkout.session.expired', { status: 'expired' }, now)) expired++
        if (due.length < SWEEP_BATCH) return expired
      }
    },
  }
}

/** Where the shopper goes after paying: the success URL (hosted) or return URL (embedded), with the session id filled in. */
export function completionUrl(row: PaymentSessionRow): string | null {
  const url = row.uiMode === 'hosted' ? row.successUrl : row.returnUrl
  return url ? url.replaceAll('{CHECKOUT_SESSION_ID}', row.id) : null
}
