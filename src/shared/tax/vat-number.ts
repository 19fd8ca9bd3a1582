/**
 * A business buyer's VAT number, offline: written the one way VIES and invoices use (country
 * prefix, capitals, no spaces, dots or dashes; Greece's prefix is EL, not GR), and checked by its
 * country's format and checksum with `jsvat`. Whether the number is registered is VIES's answer,
 * which only the server can ask (src/server/tax/).
 */
import { checkVAT, countries } from 'jsvat'

/** The VAT prefix of a country: its ISO code, except Greece (EL). */
function vatPrefixOf(countryCode: string): string {
  return countryCode === 'GR' ? 'EL' : countryCode
}

/** The ISO code of a VAT prefix: Greece's EL is GR. */
function countryOfPrefix(prefix: string): string {
  return prefix === 'EL' ? 'GR' : prefix
}

/**
 * The number as VIES and invoices write it: capitals, without spaces, dots or dashes; a Greek
 * GR prefix becomes EL; a number typed without its prefix gets the buyer's country's, when known.
 */
export function normaliseVatNumber(input: string, countryCode?: string | null): string {
  const compact = input.toUpperCase().replace(/[\s.\-]/g, '')
  if (compact.startsWith('GR')) return `EL${compact.slice(2)}`
  const hasPrefix = /^[A-Z]{2}/.test(compact)
  return !hasPrefix && countryCode && compact ? `${vatPrefixOf(countryCode.trim().toUpperCase())}${compact}` : compact
}

export interface VatNumberFormatCheck {
  /** The number has its country's format and checksum. */
  valid: boolean
  /** The country the number belongs to (ISO alpha-2; GR for an EL number), or null when no country's format fits it. */
  country: string | null
}

/** Checks a number's format and checksum offline (a number without its prefix takes the buyer's country's). */
export function checkVatNumberFormat(input: string, countryCode?: string | null): VatNumberFormatCheck {
  const vatNumber = normaliseVatNumber(input, countryCode)
  const prefix = vatNumber.slice(0, 2)
  if (!/^[A-Z]{2}$/.test(prefix)) return { valid: false, country: null }
  const result = checkVAT(vatNumber, countries)
  const country = result.isSupportedCountry && result.country ? result.country.isoCode.short : null
  // jsvat guesses a country for numbers that do not start with its prefix; only the prefix's own country counts.
  if (!country || country === 'EU' || vatPrefixOf(country) !== prefix) return { valid: false, country: null }
  return { valid: result.isValid, country: countryOfPrefix(prefix) }
}
