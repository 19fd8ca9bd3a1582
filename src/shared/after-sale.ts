/**
 * What the payment provider's refunds and disputes mean, as Stripe defines them: which refunds
 * give money back, and which dispute statuses are final. The orders (which settle an order from
 * its refunds and disputes) and the built-in provider (which plays Stripe's part) both read them
 * here, so they agree.
 */

/** Dispute statuses after which the bank has decided; a closed dispute never reopens. */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const

export function isClosedDispute(status: string): boolean {
  return (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status)
}

/** Refunds that give money back or will: pending, requires_action and succeeded ones (Stripe's `amount_refunded` counts all but failed and canceled). */
export function refundCounts(status: string): boolean {
  return status !== 'failed' && status !== 'canceled'
}

/** What the refunds give back (or will), in cents. */
export function refundedCentsOf(refunds: readonly { status: string; amountCents: number }[]): number {
  return refunds.filter((refund) => refundCounts(refund.status)).reduce((sum, refund) => sum + refund.amountCents, 0)
}
