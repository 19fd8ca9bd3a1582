/**
 * The project's rate table beside the owner's rates: the console's rows (each place with both
 * rates) and the public answer's effective rates (the owner's where set, else the table's).
 * A place is a country (region '') or one of its regions; the table's places and the owner's are
 * listed together, sorted by country and region.
 */
import type { AdminTaxRate, PublicTaxRate } from '../../shared/contract/tax.ts'
import { projectTaxRate, projectTaxRates } from '../../shared/tax/tax-rates.ts'
import type { TaxRateEntry } from '../../shared/tax/tax-types.ts'
import type { TaxRateRow } from './tax.schema.ts'

const keyOf = (countryCode: string, regionCode: string) => `${countryCode}:${regionCode}`

const byPlace = (a: { countryCode: string; regionCode: string }, b: { countryCode: string; regionCode: string }) =>
  a.countryCode.localeCompare(b.countryCode) || a.regionCode.localeCompare(b.regionCode)

/** Every place the table or the owner names, once. */
function places(overrides: readonly { countryCode: string; regionCode: string }[]) {
  const found = new Map<string, { countryCode: string; regionCode: string }>()
  for (const { countryCode, regionCode } of [...projectTaxRates(), ...overrides]) found.set(keyOf(countryCode, regionCode), { countryCode, regionCode })
  return [...found.values()].sort(byPlace)
}

/** The table's rate for a place as the console shows it (a region the table does not list takes its country's). */
function tableRate(countryCode: string, regionCode: string) {
  const rate = projectTaxRate(countryCode, regionCode || null)
  return rate ? { rateBasisPoints: rate.rateBasisPoints, label: rate.label } : null
}

export function adminRateRows(overrides: readonly TaxRateRow[]): AdminTaxRate[] {
  const owners = new Map(overrides.map((row) => [keyOf(row.countryCode, row.regionCode), row]))
  return places(overrides).map(({ countryCode, regionCode }) => {
    const own = owners.get(keyOf(countryCode, regionCode))
    return {
      countryCode,
      regionCode,
      table: tableRate(countryCode, regionCode),
      override: own ? { rateBasisPoints: own.rateBasisPoints, label: own.label, updatedAt: own.updatedAt.toISOString(), updatedBy: own.updatedBy } : null,
    }
  })
}

/**
 * Each place's rate as a buyer there pays it: the owner's for the place, else the owner's for the
 * whole country, else the table's (as the tax rules choose), so the browser needs no table of its own.
 */
export function effectiveRates(overrides: readonly TaxRateEntry[]): PublicTaxRate[] {
  const owners = new Map(overrides.map((row) => [keyOf(row.countryCode, row.regionCode), row]))
  return places(overrides).flatMap(({ countryCode, regionCode }) => {
    const rate = owners.get(keyOf(countryCode, regionCode)) ?? owners.get(keyOf(countryCode, '')) ?? projectTaxRate(countryCode, regionCode || null)
    return rate ? [{ countryCode, regionCode, rateBasisPoints: rate.rateBasisPoints, label: rate.label }] : []
  })
}
