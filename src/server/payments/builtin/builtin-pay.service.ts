/**
 * The built-in provider's payment page: what a shopper holding a session's link (hosted) or
 * client secret (embedded) may see of it, and paying it with a card under Stripe's test-mode
 * rules. Declines leave the session open for another try, as Stripe Checkout does.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { BuiltinPayConfirmRequest, BuiltinPayConfirmResponse, BuiltinPaySession } from '../../../shared/contract/payments.ts'
import type { PaymentSessionRow } from '../payments.schema.ts'
import { AppError, badRequest, notFound } from '../../http/errors.ts'
import { lineItemsSubtotalCents } from '../session-input.ts'
import { completionUrl, type SessionStore } from './builtin-sessions.ts'
import { storedTaxOf } from './builtin-tax.ts'
import { evaluateTestCard } from './test-cards.ts'

export const PAY_MESSAGES = {
  noSuchSession: 'No such checkout session.',
  wrongSecret: 'The client secret does not match this checkout session.',
  alreadyPaid: 'This checkout session has already been paid.',
  expired: 'This checkout session has expired. Return to the store to start checkout again.',
} as const

export type BuiltinPayService = ReturnType<typeof createBuiltinPayService>

export function createBuiltinPayService(sessions: SessionStore) {
  /**
   * The session the caller may act on. An embedded session answers only with its client secret;
   * without it the caller learns nothing, not even that the session exists.
   */
  async function authorizedSession(sessionId: string, clientSecret: string | undefined): Promise<PaymentSessionRow> {
    const row = await sessions.find(sessionId)
    if (!row) throw notFound(PAY_MESSAGES.noSuchSession, 'resource_missing')
    if (clientSecret === undefined) {
      if (row.uiMode === 'embedded') throw notFound(PAY_MESSAGES.noSuchSession, 'resource_missing')
    } else if (!secretsMatch(clientSecret, row.clientSecret)) {
      throw new AppError(403, 'invalid_client_secret', PAY_MESSAGES.wrongSecret)
    }
    return row
  }

  /** Expires a session found past its deadline before the sweep got to it. */
  async function current(row: PaymentSessionRow, now: Date): Promise<PaymentSessionRow> {
    if (row.status !== 'open' || row.expiresAt > now) return row
    return (await sessions.expire(row.id, now)) ?? (await sessions.find(row.id)) ?? row
  }

  return {
    async view(sessionId: string, clientSecret: string | undefined, now = new Date()): Promise<BuiltinPaySession> {
      const row = await current(await authorizedSession(sessionId, clientSecret), now)
      return publicView(row)
    },

    async confirm(sessionId: string, request: BuiltinPayConfirmRequest, now = new Date()): Promise<BuiltinPayConfirmResponse> {
      const row = await current(await authorizedSession(sessionId, request.clientSecret), now)
      assertPayable(row)
      const outcome = evaluateTestCard(request, now)
      if (!outcome.ok) throw new AppError(outcome.status, outcome.code, outcome.message)
      const paid = await sessions.complete(
        row.id,
        { last4: outcome.last4, country: outcome.country, cardholderName: request.name, email: row.customerEmail ? null : (request.email ?? null) },
        now,
      )
      if (!paid) {
        // Another confirmation (or the expiry sweep) got there between our read and our update.
        assertPayable((await sessions.find(row.id)) ?? row, true)
        throw badRequest(PAY_MESSAGES.expired, 'checkout_session_expired')
      }
      return { sessionId: paid.id, redirectUrl: completionUrl(paid) }
    },
  }
}

function assertPayable(row: PaymentSessionRow, afterRace = false): void {
  if (row.status === 'complete') throw badRequest(PAY_MESSAGES.alreadyPaid, 'checkout_session_complete')
  if (row.status === 'expired' || afterRace) throw badRequest(PAY_MESSAGES.expired, 'checkout_session_expired')
}

/** Compares digests of both, so neither the time taken nor a length mismatch tells anything. */
function secretsMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function publicView(row: PaymentSessionRow): BuiltinPaySession {
  const subtotalCents = lineItemsSubtotalCents(row.lineItems)
  const tax = storedTaxOf(row.metadata)
  return {
    id: row.id,
    status: row.status,
    currency: row.currency,
    lineItems: row.lineItems.map(({ name, quantity, unitAmountCents }) => ({ name, quantity, unitAmountCents })),
    subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    taxLabel: tax.label,
    taxIncluded: tax.included,
    amountTotalCents: row.amountTotalCents,
    customerEmail: row.customerEmail,
    cancelUrl: row.uiMode === 'hosted' ? row.cancelUrl : null,
    successUrl: row.status === 'complete' && row.uiMode === 'hosted' ? completionUrl(row) : null,
    expiresAt: row.expiresAt.toISOString(),
  }
}
