/**
 * The check both providers make before opening a checkout session: the amounts are whole
 * cents and add up (lines − discount + tax = total, or lines − discount = total when the prices
 * include the tax), so the charge is exactly what checkout priced. A mismatch is a bug in the
 * caller, never something to charge anyway.
 */
import type { CheckoutLineItem, CreateCheckoutSessionInput } from './provider.ts'

/** The prices already hold the order's tax (it is carved out of them, never added). */
export function pricesIncludeTax(input: Pick<CreateCheckoutSessionInput, 'taxTreatment'>): boolean {
  return input.taxTreatment?.pricesIncludeTax === true
}

/** The provider computes the tax itself (the `stripe` tax mode: Stripe Tax, or the built-in provider's imitation). */
export function providerComputesTax(input: Pick<CreateCheckoutSessionInput, 'taxTreatment'>): boolean {
  return input.taxTreatment?.mode === 'stripe'
}

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
  const included = pricesIncludeTax(input)
  if (included && input.taxCents > lines - input.discountCents)
    throw new Error(`Included tax ${input.taxCents} exceeds the order's ${lines - input.discountCents} cents`)
  const expected = lines - input.discountCents + (included ? 0 : input.taxCents)
  if (expected !== input.totalCents)
    throw new Error(
      `Checkout total ${input.totalCents} does not equal lines ${lines} − discount ${input.discountCents}${included ? ` (tax ${input.taxCents} included)` : ` + tax ${input.taxCents}`}`,
    )
}
