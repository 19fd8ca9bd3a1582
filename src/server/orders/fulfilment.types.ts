/**
 * What paying an order answers, and the one call that does it: the fulfil-paid-order flow
 * (src/server/flows/fulfil-paid-order.ts), which app.ts hands to the payment webhook, to checkout
 * and to the success page's lookup. A leaf of types, so neither those callers nor after-sale
 * (which takes the same event reference) import the fulfilment service back.
 */
import type { PaymentCheckoutSession } from '../payments/provider.ts'
import type { OrderRow } from './orders.schema.ts'

export type FulfilOutcome =
  /** This call completed the order. */
  | 'completed'
  /** The event was processed before: nothing was read or changed. */
  | 'duplicate-event'
  /** The order had already left PENDING (completed, cancelled or failed). */
  | 'not-pending'
  /** The session is not paid (yet). */
  | 'unpaid'
  /** Paid amount or currency differs from the order: not fulfilled, order FAILED, logged. */
  | 'amount-mismatch'
  /** No order holds this session. */
  | 'unknown-order'

export interface FulfilResult {
  outcome: FulfilOutcome
  order: OrderRow | null
}

export interface EventRef {
  /** The provider event's id: a second delivery of the same id changes nothing. */
  eventId?: string
  eventType?: string
}

/** Marks the order of a paid session COMPLETED once; every later call (or redelivered event) leaves it as it is. */
export interface PaidOrderFulfilment {
  fulfilCheckoutSession(session: PaymentCheckoutSession, event?: EventRef): Promise<FulfilResult>
}
