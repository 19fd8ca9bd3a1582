/**
 * The navigation state of /order-confirmation (orderNumber, email, total, and the real
 * card's last four digits), handed over by the payment success page. Money in cents.
 */
export interface OrderConfirmationState {
  orderNumber: string
  email: string
  totalCents: number
  cardLast4: string | null
}

export function readOrderConfirmationState(state: unknown): OrderConfirmationState | null {
  if (!state || typeof state !== 'object') return null
  const candidate = state as Partial<Record<keyof OrderConfirmationState, unknown>>
  if (typeof candidate.orderNumber !== 'string' || candidate.orderNumber === '') return null
  return {
    orderNumber: candidate.orderNumber,
    email: typeof candidate.email === 'string' ? candidate.email : '',
    totalCents: typeof candidate.totalCents === 'number' && Number.isInteger(candidate.totalCents) ? candidate.totalCents : 0,
    cardLast4: typeof candidate.cardLast4 === 'string' && /^\d{4}$/.test(candidate.cardLast4) ? candidate.cardLast4 : null,
  }
}
