/**
 * The built-in provider's tax, as Stripe's sessions carry it. In the `stripe` tax mode it
 * imitates Stripe Tax: the session computes its own tax from the buyer's treatment (the
 * by-country table's answer, which checkout hands it), on the lines less the discount, rounded
 * once with the one pricing function, and reports it as Stripe does (`automatic_tax` enabled,
 * `total_details.amount_tax`). Otherwise the tax is checkout's, as given.
 *
 * The session table has no column for these facts, so they travel with the session's metadata
 * under one key of the provider's own, which never leaves the provider as metadata.
 */
import { priceCart } from '../../../shared/pricing.ts'
import type { CreateCheckoutSessionInput } from '../provider.ts'
import { lineItemsSubtotalCents, pricesIncludeTax, providerComputesTax } from '../session-input.ts'

const TAX_KEY = 'builtin_tax'

/** What the session knows of its tax beyond the amount: how it was computed and how the page names it. */
export interface BuiltinSessionTax {
  /** Computed by the session itself (the imitation of Stripe Tax). */
  automatic: boolean
  /** The prices hold the tax (it is not added to the total). */
  included: boolean
  /** How the payment page names the tax line ("Estimated tax", "VAT 19%"). */
  label: string
  rateBasisPoints: number
  country: string | null
  reverseCharge: boolean
}

/** The tax and total the session charges, and the facts it keeps about them. */
export function sessionTaxOf(input: CreateCheckoutSessionInput): { taxCents: number; totalCents: number; tax: BuiltinSessionTax } {
  const treatment = input.taxTreatment ?? null
  const tax: BuiltinSessionTax = {
    automatic: providerComputesTax(input),
    included: pricesIncludeTax(input),
    label: treatment && treatment.mode !== 'flat' ? treatment.label : 'Estimated tax',
    rateBasisPoints: treatment?.rateBasisPoints ?? 0,
    country: treatment?.country ?? null,
    reverseCharge: treatment?.reverseCharge ?? false,
  }
  if (!treatment || !tax.automatic) return { taxCents: input.taxCents, totalCents: input.totalCents, tax }
  // One line of the discounted amount: the same rounding, once per order, as pricing applies to the cart.
  const priced = priceCart([{ priceCents: lineItemsSubtotalCents(input.lineItems) - input.discountCents, quantity: 1 }], 0, treatment)
  return { taxCents: priced.taxCents, totalCents: priced.totalCents, tax }
}

/** The metadata the session is stored with: the caller's, its order id, and the provider's own tax facts. */
export function storedMetadataOf(input: CreateCheckoutSessionInput, tax: BuiltinSessionTax): Record<string, string> {
  return { ...input.metadata, orderId: input.orderId, [TAX_KEY]: JSON.stringify(tax) }
}

/** The metadata as the caller set it (the provider's key left out). */
export function publicMetadataOf(metadata: Record<string, string>): Record<string, string> {
  const { [TAX_KEY]: _tax, ...rest } = metadata
  return rest
}

/** The session's tax facts; a session stored before them is the flat estimate added on top. */
export function storedTaxOf(metadata: Record<string, string>): BuiltinSessionTax {
  const fallback: BuiltinSessionTax = { automatic: false, included: false, label: 'Estimated tax', rateBasisPoints: 0, country: null, reverseCharge: false }
  const raw = metadata[TAX_KEY]
  if (!raw) return fallback
  try {
    return { ...fallback, ...(JSON.parse(raw) as Partial<BuiltinSessionTax>) }
  } catch {
    return fallback
  }
}
