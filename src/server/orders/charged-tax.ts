/**
 * The tax an order is paid with. Checkout priced it, and that is what the order keeps, except in
 * the `stripe` tax mode: there the provider computed the tax itself (Stripe Tax, or the built-in
 * provider's imitation) on the same lines and discount, and what it charged is what the order
 * records: its tax, its total and, when its rate is not checkout's estimate (another address
 * given on Stripe's page, a VAT number Stripe accepted), that rate, name and reverse charge.
 */
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { PaymentCheckoutSession } from '../payments/provider.ts'
import type { OrderRow } from './orders.schema.ts'

export interface ChargedTax {
  /** True when the provider's figures replace checkout's. */
  fromProvider: boolean
  taxCents: number
  /** What the payment must equal. */
  totalAmountCents: number
  taxDetails: OrderTaxDetails | null
}

export function chargedTaxOf(order: Pick<OrderRow, 'taxCents' | 'totalAmountCents' | 'taxDetails'>, session: PaymentCheckoutSession): ChargedTax {
  const details = order.taxDetails ?? null
  const computed = session.computedTax
  if (details?.mode !== 'stripe' || !computed) {
    return { fromProvider: false, taxCents: order.taxCents, totalAmountCents: order.totalAmountCents, taxDetails: details }
  }
  // The amount before tax is checkout's either way: an exclusive tax is added to it, an inclusive one is inside it.
  const included = details.pricesIncludeTax
  const beforeTaxCents = order.totalAmountCents - (included ? 0 : order.taxCents)
  const rateDiffers =
    computed.rateBasisPoints !== null && (computed.rateBasisPoints !== details.rateBasisPoints || computed.reverseCharge !== details.reverseCharge)
  const otherCountry = computed.country !== null && computed.country !== details.country
  return {
    fromProvider: true,
    taxCents: computed.amountCents,
    totalAmountCents: beforeTaxCents + (included ? 0 : computed.amountCents),
    taxDetails:
      rateDiffers || otherCountry
        ? {
            ...details,
            rateBasisPoints: computed.rateBasisPoints ?? details.rateBasisPoints,
            label: computed.label ?? details.label,
            reverseCharge: computed.reverseCharge,
            country: computed.country ?? details.country,
            region: otherCountry ? null : details.region,
          }
        : details,
  }
}
