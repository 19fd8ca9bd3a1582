/**
 * Where the checkout form says the buyer is taxed: the country, and its region where the country
 * has regions. A business's VAT number is asked of buyers in the EU when the store taxes by
 * country or through Stripe Tax: only there can it change the tax (reverse charge); its format is
 * checked in vat-number-check.ts, which alone carries the countries' formats.
 */
import { hasRegions } from '../../../shared/address/regions.ts'
import { isEuCountry } from '../../../shared/tax/tax-rules.ts'
import type { TaxBuyerPlace, TaxMode } from '../../../shared/tax/tax-types.ts'

/** The field a refused VAT number's error names (the server's `field`). */
export const VAT_NUMBER_FIELD = 'billingDetails.vatNumber'

/** The form asks a VAT number: an EU buyer, in a mode that taxes by the buyer's country. */
export function asksVatNumber(mode: TaxMode, countryCode: string): boolean {
  return mode !== 'flat' && isEuCountry(countryCode)
}

/** The place of a country, region and postal code as Buy Now and the form hold them; a business only when told so. */
export function taxPlaceOfAddress({ countryCode, state }: { countryCode: string; state: string }, validVatNumber = false): TaxBuyerPlace {
  const region = hasRegions(countryCode) ? state.trim() || null : null
  return { country: countryCode || null, region, validVatNumber }
}
