/**
 * The project's offline rate table: what each country (and, where the rate depends on it, each
 * Canadian province and US state) charges on a digital download sold to a consumer. The owner's
 * rates (the console's tax page) win over it.
 *
 * Source: the `sales-tax` package 2.23.0 (2026-05-19), only its data file
 * `res/sales_tax_rates.json` (its library would call the network): each country's standard rate
 * and the tax's name (VAT, GST), Canada's provincial PST, HST and QST, the US states' sales tax
 * rates. Read 2026-11-26. A rate change ships as a new version of the package, or as an owner's
 * rate until then.
 *
 * Canada: GST 5 % everywhere; the HST provinces charge one harmonised tax (the data holds its
 * provincial part, so Ontario's 8 % is HST 13 %); the PST provinces and Quebec add their own tax
 * on top ("GST 5% + PST 7%", "GST 5% + QST 9.975%"); the others charge the GST alone.
 *
 * United States: sales tax is the state's (local taxes are not added: they vary by city and
 * most states let a remote seller charge the state's rate or a flat combined one) and only where
 * the state taxes digitally delivered products such as music, samples and software downloads:
 * the list below, from the Streamlined Sales Tax Governing Board's taxability matrix for
 * "specified digital products", the states' revenue guidance for the others and published
 * state-by-state summaries (doola, TaxJar), checked 2026-11-26. Other states (California,
 * Florida, New York…) charge 0 %. Alaska, Delaware, Montana, New Hampshire and Oregon have no
 * state sales tax.
 *
 * Rates are held in basis points (1 bp = 0.01 %), as orders, invoices and the owner's rates
 * are. Two rates are finer than that: Quebec's QST 9.975 % (with GST: 14.975 %) and Minnesota's
 * 6.875 %. They are rounded half up to the basis point (14.98 %, 6.88 %), at most half a cent
 * per $100 more than the exact rate, so the tax office is never short; the label keeps the legal
 * rate.
 *
 * Spain's regions (the Canary Islands, Ceuta and Melilla charge no Spanish VAT) are not read:
 * checkout does not ask a Spanish buyer's region, so Spain is taxed at its standard rate.
 *
 * The data is read once, on first use, inside a function, so a bundle that never asks for a rate
 * (flat mode's pages) can leave the table's derivation out.
 */
import salesTaxRates from 'sales-tax/res/sales_tax_rates.json' with { type: 'json' }
import type { TaxRateEntry } from './tax-types.ts'

interface DataRate {
  type: string
  rate: number
}
interface DataCountry extends DataRate {
  states?: Record<string, DataRate>
}

/**
 * The states whose sales tax applies to digitally delivered products sold to consumers (music,
 * samples and other downloads bought to keep), checked 2026-11-26 (sources in the header).
 */
export const US_STATES_TAXING_DIGITAL_GOODS: readonly string[] = [
  'AL', 'AR', 'AZ', 'CO', 'CT', 'DC', 'HI', 'IA', 'ID', 'IN', 'KY', 'LA', 'MD', 'ME', 'MN', 'MS', 'NC', 'NE', 'NJ', 'NM', 'OH', 'PA', 'RI', 'SD', 'TN',
  'TX', 'UT', 'VT', 'WA', 'WI', 'WY',
] // prettier-ignore

/** The countries whose rate depends on the buyer's region: without it, the rate is not known yet. */
export const COUNTRIES_TAXED_BY_REGION: readonly string[] = ['CA', 'US']

const CANADA_GST = 0.05
const BASIS_POINTS_PER_UNIT = 10_000

/** A fraction (0.19) as whole basis points, half up: 0.14975 → 1498. */
function basisPointsOf(rate: number): number {
  // Through a string with 6 decimals, so 0.14975 × 10 000 = 1497.4999… cannot round down.
  return Math.floor(Number((rate * BASIS_POINTS_PER_UNIT).toFixed(6)) + 0.5)
}

/** A fraction as the percent a label shows: 0.19 → "19%", 0.09975 → "9.975%", 0.0625 → "6.25%". */
function percentOf(rate: number): string {
  return `${Number((rate * 100).toFixed(3))}%`
}

/** The tax's name as buyers know it: the data's type in capitals (VAT, GST, HST, PST, QST). */
const taxName = (type: string) => type.toUpperCase()

const entry = (countryCode: string, regionCode: string, rate: number, label: string): TaxRateEntry => ({
  countryCode,
  regionCode,
  rateBasisPoints: basisPointsOf(rate),
  label,
})

/** Canada's provinces as the data has them: HST replaces the GST, PST and QST are added to it. */
function canadianProvince(regionCode: string, province: DataRate): TaxRateEntry {
  if (province.type === 'hst') {
    const hst = CANADA_GST + province.rate
    return entry('CA', regionCode, hst, `HST ${percentOf(hst)}`)
  }
  return entry('CA', regionCode, CANADA_GST + province.rate, `GST ${percentOf(CANADA_GST)} + ${taxName(province.type)} ${percentOf(province.rate)}`)
}

function usState(regionCode: string, state: DataRate): TaxRateEntry {
  const rate = US_STATES_TAXING_DIGITAL_GOODS.includes(regionCode) ? state.rate : 0
  return entry('US', regionCode, rate, `Sales tax ${percentOf(rate)}`)
}

function countryEntries(countryCode: string, country: DataCountry): TaxRateEntry[] {
  if (countryCode === 'US') return [entry('US', '', 0, 'Sales tax 0%'), ...Object.entries(country.states ?? {}).map(([code, state]) => usState(code, state))]
  const whole = entry(countryCode, '', country.rate, `${taxName(country.type)} ${percentOf(country.rate)}`)
  if (countryCode === 'CA') return [whole, ...Object.entries(country.states ?? {}).map(([code, province]) => canadianProvince(code, province))]
  return [whole]
}

let table: ReadonlyMap<string, TaxRateEntry> | null = null

const keyOf = (countryCode: string, regionCode: string) => `${countryCode}:${regionCode}`

function rateTable(): ReadonlyMap<string, TaxRateEntry> {
  if (!table) {
    const data = salesTaxRates as unknown as Record<string, DataCountry>
    const entries = Object.entries(data).flatMap(([countryCode, country]) => countryEntries(countryCode, country))
    table = new Map(entries.map((rate) => [keyOf(rate.countryCode, rate.regionCode), rate]))
  }
  return table
}

/** Every place the table lists: each country (region '') and the Canadian provinces and US states it lists, sorted. */
export function projectTaxRates(): TaxRateEntry[] {
  return [...rateTable().values()].sort((a, b) => a.countryCode.localeCompare(b.countryCode) || a.regionCode.localeCompare(b.regionCode))
}

/**
 * The table's rate for a place: the region's where the table lists it, else the country's
 * (Canada's GST for a province without its own tax, 0 % for a US state without sales tax);
 * null for a country the table does not list.
 */
export function projectTaxRate(countryCode: string, regionCode: string | null): TaxRateEntry | null {
  const rates = rateTable()
  return (regionCode ? rates.get(keyOf(countryCode, regionCode)) : undefined) ?? rates.get(keyOf(countryCode, '')) ?? null
}
