/**
 * The checkout Information step: its fields, the required-field rule, the address rules of
 * the chosen country and the billing details sent with a checkout session. Used by both
 * checkout wizards.
 */
import { countryName, DEFAULT_COUNTRY_CODE } from '../../../shared/address/countries.ts'
import { postalCodeRuleOf } from '../../../shared/address/postal-codes.ts'
import { hasRegions } from '../../../shared/address/regions.ts'
import type { CreateCheckoutSessionBody } from '../../../shared/contract/checkout.ts'
import type { TaxMode } from '../../../shared/tax/tax-types.ts'
import { asksVatNumber, type BillingCountry } from '../../tax/tax-place.ts'

export interface CheckoutInformation {
  email: string
  firstName: string
  lastName: string
  company: string
  address: string
  apartment: string
  city: string
  /** ISO 3166-1 alpha-2. */
  countryCode: string
  /** The region's code, where the country has regions. */
  state: string
  postalCode: string
  phone: string
  /** A business buyer's VAT number, asked only where it can change the tax (src/client/tax/tax-place.ts). */
  vatNumber: string
}

export type CheckoutField = keyof CheckoutInformation

/** Fields that must be filled before the Payment step ("Please fill in all required fields"). */
export const ENFORCED_FIELDS: readonly CheckoutField[] = ['email', 'firstName', 'lastName']
/** Fields the form marks as required whatever the country (marked, not enforced: a digital order needs no street address). */
export const MARKED_REQUIRED_FIELDS: readonly CheckoutField[] = ['email', 'firstName', 'lastName', 'address', 'city', 'countryCode', 'phone']

/** An empty form in the United States, or in the country (region, postal code) this browser used last. */
export function emptyCheckoutInformation(email = '', last: BillingCountry | null = null): CheckoutInformation {
  return {
    email,
    firstName: '',
    lastName: '',
    company: '',
    address: '',
    apartment: '',
    city: '',
    countryCode: last?.countryCode ?? DEFAULT_COUNTRY_CODE,
    state: last?.state ?? '',
    postalCode: last?.postalCode ?? '',
    phone: '',
    vatNumber: '',
  }
}

/** True when email, first name and last name hold something other than spaces. */
export function hasRequiredInformation(information: CheckoutInformation): boolean {
  return ENFORCED_FIELDS.every((field) => information[field].trim() !== '')
}

export type BillingDetails = NonNullable<CreateCheckoutSessionBody['billingDetails']>

/**
 * What the order keeps of the form: trimmed values, optional parts left out when blank, the
 * country's part as countryBillingDetailsOf keeps it, and the VAT number where the form asks it
 * under the store's tax mode (one typed before switching to a country that is not asked is not sent).
 */
export function billingDetailsOf(information: CheckoutInformation, taxMode: TaxMode = 'flat'): BillingDetails {
  const details: BillingDetails = {
    email: information.email.trim(),
    firstName: information.firstName.trim(),
    lastName: information.lastName.trim(),
  }
  for (const field of ['company', 'address', 'apartment', 'city', 'phone'] as const) {
    const value = information[field].trim()
    if (value) details[field] = value
  }
  const vatNumber = asksVatNumber(taxMode, information.countryCode) ? information.vatNumber.trim() : ''
  return { ...details, ...countryBillingDetailsOf(information), ...(vatNumber ? { vatNumber } : {}) }
}

/**
 * The country as its code and its name, and the region and postal code only where the country
 * asks for them (a province chosen before switching to Germany is not sent). All Buy Now sends.
 */
export function countryBillingDetailsOf({ countryCode, state, postalCode }: BillingCountry): BillingDetails {
  const region = hasRegions(countryCode) ? state.trim() : ''
  const postal = postalCodeRuleOf(countryCode) === 'none' ? '' : postalCode.trim()
  return {
    countryCode,
    country: countryName(countryCode) ?? countryCode,
    ...(region ? { state: region } : {}),
    ...(postal ? { postalCode: postal } : {}),
  }
}

/** "Ada Lovelace" for the order review. */
export function customerName(information: Pick<CheckoutInformation, 'firstName' | 'lastName'>): string {
  return `${information.firstName.trim()} ${information.lastName.trim()}`.trim()
}
