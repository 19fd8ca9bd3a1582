/**
 * The built-in test payment provider: Stripe Checkout's object model, kept in our database,
 * paid on our own page (`/pay/{id}`) or embedded form with Stripe's test cards, refunded and
 * disputed as Stripe's payments are, announcing each change (`checkout.session.completed`,
 * `.expired`, `charge.refunded`, `charge.dispute.*`) to our webhook endpoint with real Stripe signatures.
 * In the `stripe` tax mode its sessions compute their own tax as Stripe Tax would, from the
 * buyer's by-country treatment (builtin-tax.ts), so that path is testable offline.
 * Used when no Stripe key is configured; fulfilment cannot tell it from Stripe.
 */
import { createHmac } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import type { CreateCheckoutSessionInput, PaymentCheckoutSession, PaymentProvider } from '../provider.ts'
import { assertTotalsAddUp } from '../session-input.ts'
import { toPaymentCheckoutSession, verifyStripeEvent } from '../stripe-events.ts'
import { createAfterSaleStore, type AfterSaleStore } from './builtin-after-sale.ts'
import { createBuiltinPayService, type BuiltinPayService } from './builtin-pay.service.ts'
import { createSessionStore } from './builtin-sessions.ts'
import { checkoutSessionObject } from './stripe-objects.ts'
import { deliverDueWebhooks, type DeliverDueWebhooksOptions, type DeliveryRunResult } from './webhook-deliveries.ts'

/**
 * The signing secret of the built-in provider's webhooks, derived from AUTH_SECRET so every
 * process of one store agrees on it without another setting.
 */
export function builtinWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac('sha256', authSecret).update('als builtin payments webhook signing').digest('base64url')}`
}

export interface BuiltinProviderDeps {
  db: Database
  publicUrl: string
  authSecret: string
  /** Where events are posted (PAYMENTS_WEBHOOK_URL). */
  webhookUrl: string
}

export interface BuiltinPaymentProvider extends PaymentProvider {
  kind: 'builtin'
  webhookSecret: string
  /** The payment page's API (view and confirm). */
  pay: BuiltinPayService
  /** Refunds made at the provider and disputes opened and closed by the shopper's bank (for tests and demos). */
  afterSale: Pick<AfterSaleStore, 'refundFromDashboard' | 'openDispute' | 'closeDispute'>
  /** Posts every due event once (the worker calls this; tests pass their own fetch). */
  deliverDueWebhooks: (options?: Pick<DeliverDueWebhooksOptions, 'fetch' | 'now' | 'log'>) => Promise<DeliveryRunResult>
  /** Expires open sessions past their deadline, each announcing checkout.session.expired. */
  expireDueSessions: (now?: Date) => Promise<number>
  /** Called after an event was queued (the worker uses it to deliver at once). */
  onEventQueued: (listener: () => void) => () => void
}

export function isBuiltinProvider(provider: PaymentProvider): provider is BuiltinPaymentProvider {
  return provider.kind === 'builtin' && 'deliverDueWebhooks' in provider
}

export function createBuiltinProvider({ db, publicUrl, authSecret, webhookUrl }: BuiltinProviderDeps): BuiltinPaymentProvider {
  const webhookSecret = builtinWebhookSecret(authSecret)
  const listeners = new Set<() => void>()
  const onEventQueued = () => listeners.forEach((listener) => listener())
  const sessions = createSessionStore({ db, publicUrl, onEventQueued })
  const afterSale = createAfterSaleStore({ db, onEventQueued })

  const toSession = (row: NonNullable<Awaited<ReturnType<typeof sessions.find>>>): PaymentCheckoutSession => ({
    ...toPaymentCheckoutSession(checkoutSessionObject(row, publicUrl)),
    // What Stripe answers when the PaymentIntent's latest charge is expanded.
    cardLast4: row.cardLast4,
    cardCountry: row.cardCountry,
  })

  return {
    kind: 'builtin',
    publishableKey: null,
    webhookSecret,
    pay: createBuiltinPayService(sessions),
    afterSale,

    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      assertTotalsAddUp(input)
      return toSession(await sessions.create(input))
    },

    async retrieveCheckoutSession(sessionId: string) {
      let row = await sessions.find(sessionId)
      if (row?.status === 'open' && row.expiresAt <= new Date()) row = (await sessions.expire(row.id)) ?? (await sessions.find(row.id))
      return row ? toSession(row) : null
    },

    async expireCheckoutSession(sessionId: string) {
      if (await sessions.expire(sessionId)) return
      if (!(await sessions.find(sessionId))) throw new Error(`No such checkout session: ${sessionId}`)
      // Already complete or expired: nothing left to end, as when Stripe's session has moved on.
    },

    refund: afterSale.refund,
    paymentRecord: afterSale.paymentRecord,

    constructEvent: (rawBody, signatureHeader) => verifyStripeEvent(rawBody, signatureHeader, webhookSecret),

    deliverDueWebhooks: (options = {}) => deliverDueWebhooks({ db, webhookSecret, targetUrl: webhookUrl, ...options }),
    expireDueSessions: (now) => sessions.expireDue(now),
    onEventQueued(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
