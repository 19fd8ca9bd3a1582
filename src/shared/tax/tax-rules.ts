/**
 * Which tax a buyer pays: the one rule the drawer, the cart page, checkout (client and server)
 * and the built-in provider's Stripe Tax imitation share, so every screen shows what is charged.
 *
 * - `flat`: the spec's estimate (8 % added to subtotal minus discount, "Estimated tax (8%)"),
 *   whoever buys; the owner's "prices include tax" does not apply to it.
 * - `by-country` and `stripe` (Stripe Tax computes the real figure at payment; everything before
 *   it, and the built-in provider, uses this imitation): the buyer's country's rate, by region
 *   where the country taxes by region (Canadian provinces, US states). The owner's rate for the
 *   region, else for the whole country, wins over the project's table (tax-rates.ts). Prices
 *   include the tax when the owner says so.
 *
 * The EU taxes a digital sale to a consumer where the consumer is. A seller outside the EU owes
 * that from the first sale; a seller inside the EU owes its own country's VAT on sales to other
 * member states until they pass €10,000 a year, and the buyer's country's after (OSS). The €10,000
 * threshold is not applied: the store always charges the buyer's country's rate, which a seller
 * below it may choose (and must keep for two years) and which is never wrong once past it.
 *
 * Reverse charge (Article 196 of the VAT Directive): a business in an EU country with a valid
 * VAT number accounts for the VAT itself when the seller is not established in that country, so
 * the order is charged 0 % with the legal sentence on the invoice. That covers a seller in another
 * member state and a seller outside the EU. A business in the seller's own country pays VAT like a
 * consumer, and so does any business while the seller's country is not known. Business buyers
 * outside the EU (the UK, Norway, Australia…) are charged as consumers; an owner who sells to them
 * as businesses sets that country's rate.
 */
import { FLAT_TAX } from '../pricing.ts'
import { COUNTRIES_TAXED_BY_REGION, projectTaxRate } from './tax-rates.ts'
import type { TaxBuyerPlace, TaxEvidence, TaxPolicy, TaxRateEntry, TaxTreatment } from './tax-types.ts'

/** The EU's member states (ISO 3166-1 alpha-2; Greece is GR here, EL only in VAT numbers). */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE',
  'SI', 'SK',
] // prettier-ignore

/**
 * The tax line's name while the buyer's place is not known (no country yet, or a US or Canadian
 * buyer without a state or province): the cart then shows no tax and checkout, which asks the
 * place, charges the real one. With prices that include tax the total does not change.
 */
export const TAX_AT_CHECKOUT_LABEL = 'Tax calculated at checkout'

/** The tax line's name for a reverse-charged order. */
export const REVERSE_CHARGE_LABEL = 'VAT reverse charge'

export function isEuCountry(countryCode: string | null): boolean {
  return countryCode !== null && EU_COUNTRIES.includes(countryCode)
}

const codeOf = (value: string | null) => value?.trim().toUpperCase() || null

/** The owner's rate for the region, else for the whole country, else the project's table; null when none knows the place. */
function rateFor(overrides: readonly TaxRateEntry[], country: string, region: string | null): TaxRateEntry | null {
  const own = (regionCode: string) => overrides.find((rate) => rate.countryCode === country && rate.regionCode === regionCode)
  const byOwner = (region ? own(region) : undefined) ?? own('')
  if (byOwner) return byOwner
  if (COUNTRIES_TAXED_BY_REGION.includes(country) && !region) return null
  return projectTaxRate(country, region) ?? { countryCode: country, regionCode: '', rateBasisPoints: 0, label: 'Tax 0%' }
}

/** True when the buyer accounts for the VAT: an EU business with a valid number, not in the seller's country. */
function isReverseCharged(sellerCountry: string | null, buyer: TaxBuyerPlace, country: string): boolean {
  return buyer.validVatNumber && isEuCountry(country) && sellerCountry !== null && sellerCountry !== country
}

/** The treatment a buyer's order is priced with under the store's policy (see the header for the rules). */
export function taxTreatmentFor(policy: TaxPolicy, buyer: TaxBuyerPlace): TaxTreatment {
  if (policy.mode === 'flat') return FLAT_TAX
  const country = codeOf(buyer.country)
  const region = codeOf(buyer.region)
  const treatment = { mode: policy.mode, pricesIncludeTax: policy.pricesIncludeTax, reverseCharge: false, country, region }
  if (!country) return { ...treatment, rateBasisPoints: 0, label: TAX_AT_CHECKOUT_LABEL }
  if (isReverseCharged(codeOf(policy.sellerCountry), buyer, country)) {
    return { ...treatment, region: null, rateBasisPoints: 0, label: REVERSE_CHARGE_LABEL, reverseCharge: true }
  }
  const rate = rateFor(policy.overrides, country, region)
  if (!rate) return { ...treatment, rateBasisPoints: 0, label: TAX_AT_CHECKOUT_LABEL }
  // The region is kept where it decided the rate (a province, a state, an owner's rate for a region), so the report can tell them apart.
  const byRegion = COUNTRIES_TAXED_BY_REGION.includes(country) || rate.regionCode !== ''
  return { ...treatment, region: byRegion ? region : null, rateBasisPoints: rate.rateBasisPoints, label: rate.label }
}

/**
 * The evidence of where the buyer is: the billing country, and the IP address's and the card's
 * where known. A second piece that names another country is recorded as a conflict, not guessed
 * away: the tax stays the billing country's.
 */
export function taxEvidenceOf(billingCountry: string | null, ipCountry: string | null, cardCountry: string | null): TaxEvidence {
  const conflict = billingCountry !== null && [ipCountry, cardCountry].some((country) => country !== null && country !== billingCountry)
  return { billingCountry, ipCountry, cardCountry, conflict }
}
