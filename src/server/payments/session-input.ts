/**
 * The check both providers make before opening a checkout session: the amounts are whole
 * cents and add up (lines − discount + tax = total), so the charge is exactly what checkout
 * priced. A mismatch is a bug in the caller, never something to charge anyway.
 */
import type { CheckoutLineItem, CreateCheckoutSessionInput } from './provider.ts'

/** What the session's lines add up to before discount and tax, as a provider totals them. */
export function lineItemsSubtotalCents(lineItems: readonly Pick<CheckoutLineItem, 'unitAmountCents' | 'quantity'>[]): number {
  return lineItems.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0)
}

export function assertTotalsAddUp(input: CreateCheckoutSessionInput): void {
  const cents = [input.discountCents, input.taxCents, input.totalCents, ...input.lineItems.map((line) => line.unitAmountCents)]
  if (cents.some((amount) => !Number.isInteger(amount) || amount < 0)) throw new Error('Checkout amounts must be whole, non-negative cents')
  if (input.lineItems.length === 0) throw new Error('A checkout session needs at least one line item')
  if (input.lineItems.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1))
    throw new Error('Line item quantities must be whole and at least 1')
  const lines = lineItemsSubtotalCents(input.lineItems)
  if (input.discountCents > lines) throw new Error(`Discount ${input.discountCents} exceeds the lines' ${lines} cents`)
  const expected = lines - input.discountCents + input.taxCents
  if (expected !== input.totalCents)
    throw new Error(`Checkout total ${input.totalCents} does not equal lines ${lines} − discount ${input.discountCents} + tax ${input.taxCents}`)
}
