/**
 * The billing address rules, the same in the checkout form, Buy Now and the server: the country
 * must be one of the list; a region is required (and must be one of the country's) only where
 * the country's addresses have one; a postal code is required and checked only where the
 * country's format is known. Each failure is a sentence a shopper reads under the field.
 */
import { countryCodeOfName, countryInSentence, countryName, isCountryCode } from './countries.ts'
import { isValidPostalCode, normalizePostalCode, postalCodeExampleOf, postalCodeRuleOf } from './postal-codes.ts'
import { findRegion, hasRegions, regionLabelOf } from './regions.ts'

/** The parts of billing details the rules read. `country` (a name) is read only when no code is given: older clients sent names. */
export interface BillingAddressInput {
  countryCode?: string | null
  country?: string | null
  state?: string | null
  postalCode?: string | null
}

export type BillingAddressField = 'countryCode' | 'state' | 'postalCode'
export type BillingAddressErrors = Partial<Record<BillingAddressField, string>>

/** The fields in the order the form shows them: the first error is the one a single message names. */
const FIELD_ORDER: readonly BillingAddressField[] = ['countryCode', 'state', 'postalCode']

export const ADDRESS_MESSAGES = {
  chooseCountry: 'Choose your country',
  unknownCountry: 'Choose a country from the list',
  chooseRegion: (noun: string) => `Choose a ${noun}`,
  unknownRegion: (noun: string, country: string) => `Choose a ${noun} of ${country} from the list`,
  enterPostalCode: 'Enter your postal code',
  invalidPostalCode: (country: string, example: string | null) => `Enter a valid postal code for ${country}${example ? `, for example ${example}` : ''}`,
} as const

/** The country code the details name: the code itself, else the code of the country's name; '' when neither is given. */
function countryCodeOf(details: BillingAddressInput): string {
  const code = details.countryCode?.trim().toUpperCase()
  if (code) return code
  const name = details.country?.trim()
  return name ? (countryCodeOfName(name) ?? name) : ''
}

/** Field → the sentence to show under it; empty when the address may be used. */
export function validateBillingAddress(details: BillingAddressInput): BillingAddressErrors {
  const code = countryCodeOf(details)
  if (!code) return { countryCode: ADDRESS_MESSAGES.chooseCountry }
  if (!isCountryCode(code)) return { countryCode: ADDRESS_MESSAGES.unknownCountry }

  const errors: BillingAddressErrors = {}
  const state = details.state?.trim() ?? ''
  if (hasRegions(code)) {
    const { noun } = regionLabelOf(code)
    if (!state) errors.state = ADDRESS_MESSAGES.chooseRegion(noun)
    else if (!findRegion(code, state)) errors.state = ADDRESS_MESSAGES.unknownRegion(noun, countryInSentence(code))
  }

  const postalCode = details.postalCode?.trim() ?? ''
  const rule = postalCodeRuleOf(code)
  if (rule === 'required' && !postalCode) errors.postalCode = ADDRESS_MESSAGES.enterPostalCode
  else if (rule !== 'none' && postalCode && !isValidPostalCode(code, postalCode))
    errors.postalCode = ADDRESS_MESSAGES.invalidPostalCode(countryInSentence(code), postalCodeExampleOf(code))
  return errors
}

/** The first error in the form's order, for a single message (the server's answer); null when there is none. */
export function firstAddressError(errors: BillingAddressErrors): { field: BillingAddressField; message: string } | null {
  const field = FIELD_ORDER.find((candidate) => errors[candidate])
  return field ? { field, message: errors[field]! } : null
}

export interface NormalizedAddress {
  countryCode: string
  /** The country's name, for display. */
  country: string
  /** The region's code where the country has regions; otherwise what was given, if anything. */
  state?: string
  postalCode?: string
}

/** A valid address as an order keeps it: the code and its name, the region by its code, the postal code in its usual form. */
export function normalizeBillingAddress(details: BillingAddressInput): NormalizedAddress {
  const countryCode = countryCodeOf(details)
  const state = details.state?.trim() ?? ''
  const postalCode = details.postalCode?.trim() ?? ''
  const region = hasRegions(countryCode) ? findRegion(countryCode, state) : null
  return {
    countryCode,
    country: countryName(countryCode) ?? countryCode,
    ...(region ? { state: region.code } : state ? { state } : {}),
    ...(postalCode ? { postalCode: postalCodeRuleOf(countryCode) === 'none' ? postalCode : normalizePostalCode(postalCode) } : {}),
  }
}
