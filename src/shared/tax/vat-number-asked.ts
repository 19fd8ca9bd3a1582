/**
 * When checkout asks a buyer's VAT number, the one rule the checkout form (client) and the
 * checkout's tax (server, src/server/checkout/checkout-tax.ts) share: a business's VAT number can
 * change the tax only for a buyer in the EU (reverse charge, tax-rules.ts), and only in a mode
 * that taxes by the buyer's country (by-country, or Stripe Tax). With it, the names of the form's
 * fields a refusal points at (the server's `field`, under which the form shows the sentence).
 */
import { isEuCountry } from './tax-rules.ts'
import type { TaxMode } from './tax-types.ts'

/** The field a refused VAT number's error names. */
export const VAT_NUMBER_FIELD = 'billingDetails.vatNumber'

/** The field a missing billing country's error names (a mode that taxes by country needs it). */
export const BILLING_COUNTRY_FIELD = 'billingDetails.countryCode'

/** The form asks a VAT number: an EU buyer, in a mode that taxes by the buyer's country. */
export function asksVatNumber(mode: TaxMode, countryCode: string | null): boolean {
  return mode !== 'flat' && isEuCountry(countryCode)
}
