/**
 * Every ISO 3166-1 country by its English name, for the checkout's country select and the
 * orders that keep a country. The names are i18n-iso-countries' English list (only that
 * locale is loaded, as plain JSON, so the browser gets no other language); where its first
 * name is a formal one, the name shoppers know is taken from the same entry ("United States",
 * not "United States of America"). An order keeps the alpha-2 code: tax rules read it.
 */
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string
  name: string
}

/** The checkout's default, as the spec has it. */
export const DEFAULT_COUNTRY_CODE = 'US'

/** The entries whose first name is formal; each name here is one of the library's names for that code. */
const SHOPPER_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  CN: 'China',
  CZ: 'Czechia',
  GM: 'Gambia',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
}

const namesOf = (entry: string | readonly string[]): readonly string[] => (typeof entry === 'string' ? [entry] : entry)

const ENTRIES = Object.entries(en.countries as Record<string, string | readonly string[]>)

/** Every country, sorted by name as English readers sort (Åland Islands among the A's). */
export const COUNTRIES: readonly Country[] = ENTRIES.map(([code, entry]) => ({ code, name: SHOPPER_NAMES[code] ?? namesOf(entry)[0]! })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
)

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]))
/** Every name the library knows for a code (and ours), lower-cased: an order kept before codes names its country in words. */
const CODE_BY_NAME = new Map(
  ENTRIES.flatMap(([code, entry]) => [...namesOf(entry), BY_CODE.get(code)!.name].map((name) => [name.toLowerCase(), code] as const)),
)

export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code)
}

/** "Canada" for "CA"; null for a code that is not a country. */
export function countryName(code: string): string | null {
  return BY_CODE.get(code)?.name ?? null
}

/** "CA" for "Canada" (any of its names, any case); null for a name no country has. */
export function countryCodeOfName(name: string): string | null {
  return CODE_BY_NAME.get(name.trim().toLowerCase()) ?? null
}

/** Names read as "the United States", "the Netherlands", "the Cayman Islands" inside a sentence. */
const WITH_ARTICLE = /^(United|Republic|Democratic|Islamic|Federated|Holy|State of|Central African|Dominican)\b|\b(Islands|Republic)$/
const ALWAYS_WITH_ARTICLE = new Set(['NL', 'PH', 'BS', 'MV', 'KM'])

/** The country's name as it reads after "for": "the United States", "Canada". */
export function countryInSentence(code: string): string {
  const name = countryName(code) ?? code
  return ALWAYS_WITH_ARTICLE.has(code) || WITH_ARTICLE.test(name) ? `the ${name}` : name
}
