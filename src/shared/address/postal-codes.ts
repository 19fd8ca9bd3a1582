/**
 * Postal codes by country (postcode-validator's formats): asked and required where the library
 * knows the country's format, optional where that format allows none (Nigeria, Barbados), not
 * asked where it knows no format (Hong Kong, the United Arab Emirates).
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'

export type PostalCodeRule = 'required' | 'optional' | 'none'

/** A real code of each country's capital or main post office, shown in the "for example" of the error. */
const EXAMPLES: Readonly<Record<string, string>> = {
  AR: 'C1002',
  AT: '1010',
  AU: '2000',
  BE: '1000',
  BR: '01310-100',
  CA: 'K1A 0B1',
  CH: '8001',
  CN: '100000',
  CZ: '110 00',
  DE: '10115',
  DK: '1050',
  ES: '28013',
  FI: '00100',
  FR: '75001',
  GB: 'SW1A 1AA',
  IE: 'D02 X285',
  IN: '110001',
  IT: '00184',
  JP: '100-0001',
  KR: '03187',
  MX: '06600',
  MY: '50000',
  NL: '1012 AB',
  NO: '0150',
  NZ: '6011',
  PL: '00-950',
  PT: '1100-148',
  SE: '114 55',
  SG: '179094',
  US: '94103',
  ZA: '8001',
}

export function postalCodeRuleOf(countryCode: string): PostalCodeRule {
  if (!postcodeValidatorExistsForCountry(countryCode)) return 'none'
  return postcodeValidator('', countryCode) ? 'optional' : 'required'
}

/** As kept and checked: trimmed, inner spaces single, upper case ("k1a  0b1" → "K1A 0B1"). */
export function normalizePostalCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase()
}

/** True when the (normalized) code has the country's format; true for a country whose format is unknown. */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  if (!postcodeValidatorExistsForCountry(countryCode)) return true
  return postcodeValidator(normalizePostalCode(postalCode), countryCode)
}

export function postalCodeExampleOf(countryCode: string): string | null {
  return EXAMPLES[countryCode] ?? null
}
