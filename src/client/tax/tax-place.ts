/**
 * Where the checkout form and Buy Now say the buyer is taxed: the country, and its region where
 * the country has regions. A business's VAT number is asked of buyers in the EU when the store
 * taxes by country or through Stripe Tax: only there can it change the tax (reverse charge); its
 * format is checked in checkout's vat-number-check.ts, which alone carries the countries' formats.
 */
import { hasRegions } from '../../shared/address/regions.ts'
import type { TaxBuyerPlace } from '../../shared/tax/tax-types.ts'

/** The part of a billing address its country decides, and all the tax needs of it: the country, the region and the postal code. */
export interface BillingCountry {
  countryCode: string
  state: string
  postalCode: string
}

// When the form asks a VAT number is the server's rule too: one function for both.
export { asksVatNumber, VAT_NUMBER_FIELD } from '../../shared/tax/vat-number-asked.ts'

/** The place of a country, region and postal code as Buy Now and the form hold them; a business only when told so. */
export function taxPlaceOfAddress({ countryCode, state }: { countryCode: string; state: string }, validVatNumber = false): TaxBuyerPlace {
  const region = hasRegions(countryCode) ? state.trim() || null : null
  return { country: countryCode || null, region, validVatNumber }
}
