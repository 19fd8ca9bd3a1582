/**
 * The countries whose postal addresses need a state, province or prefecture, and their lists
 * (country-region-data; only these countries are imported, so the browser gets no other list).
 *
 * Why these: their postal address formats carry the first-level subdivision as a required line
 * (the formats the Universal Postal Union publishes, as Google's address data encodes them: the
 * United States, Canada, Australia, Brazil, Mexico, India, Japan, Argentina, China, Italy and
 * Malaysia), and their sales taxes are set by that subdivision (US states, Canadian provinces,
 * Indian and Brazilian states), which the tax rules read. Elsewhere the field is not asked.
 */
import { AR, AU, BR, CA, CN, IN, IT, JP, MX, MY, US, type CountryData } from 'country-region-data'

export interface Region {
  /** The region's code as country-region-data has it ("ON", "CA", "13" for Tokyo); what an order keeps. */
  code: string
  name: string
}

interface RegionLabel {
  /** The field's label. */
  label: string
  /** The word inside a sentence: "Choose a province". */
  noun: string
}

const LISTS: readonly CountryData[] = [US, CA, AU, BR, MX, IN, JP, AR, CN, IT, MY]

const REGIONS = new Map<string, readonly Region[]>(LISTS.map(([, code, regions]) => [code, regions.map(([name, regionCode]) => ({ code: regionCode, name }))]))

/** The country codes whose addresses need a region, in the order of the comment above. */
export const COUNTRIES_WITH_REGIONS: readonly string[] = [...REGIONS.keys()]

const STATE: RegionLabel = { label: 'State', noun: 'state' }
const PROVINCE: RegionLabel = { label: 'Province', noun: 'province' }
const LABELS: Readonly<Record<string, RegionLabel>> = {
  US: STATE,
  CA: PROVINCE,
  AU: { label: 'State / territory', noun: 'state or territory' },
  BR: STATE,
  MX: STATE,
  IN: STATE,
  JP: { label: 'Prefecture', noun: 'prefecture' },
  AR: PROVINCE,
  CN: PROVINCE,
  // country-region-data lists Italy's regions (Lazio, Toscana), not its provinces.
  IT: { label: 'Region', noun: 'region' },
  MY: STATE,
}
const DEFAULT_LABEL: RegionLabel = { label: 'State / Province', noun: 'state or province' }

/** The country's regions, sorted as the list has them; empty where the address needs none. */
export function regionsOf(countryCode: string): readonly Region[] {
  return REGIONS.get(countryCode) ?? []
}

export function hasRegions(countryCode: string): boolean {
  return REGIONS.has(countryCode)
}

export function regionLabelOf(countryCode: string): RegionLabel {
  return LABELS[countryCode] ?? DEFAULT_LABEL
}

/** The region a shopper named, by its code or its name in any case ("on", "Ontario"); null when the country has no such region. */
export function findRegion(countryCode: string, value: string): Region | null {
  const wanted = value.trim().toLowerCase()
  if (!wanted) return null
  return regionsOf(countryCode).find((region) => region.code.toLowerCase() === wanted || region.name.toLowerCase() === wanted) ?? null
}
