/**
 * The checkout Information step: its fields, the
 * billing countries, the required-field rule and the billing details sent with a checkout
 * session. Used by both checkout wizards.
 */

export const BILLING_COUNTRIES = ['United States', 'Canada', 'United Kingdom', 'Australia'] as const
export type BillingCountry = (typeof BILLING_COUNTRIES)[number]
export const DEFAULT_COUNTRY: BillingCountry = 'United States'

export interface CheckoutInformation {
  email: string
  firstName: string
  lastName: string
  company: string
  address: string
  apartment: string
  city: string
  country: BillingCountry
  state: string
  postalCode: string
  phone: string
}

export type CheckoutField = keyof CheckoutInformation

/** Fields that must be filled before the Payment step. */
export const ENFORCED_FIELDS: readonly CheckoutField[] = ['email', 'firstName', 'lastName']
/** Fields the form marks as required (marked, not enforced: a digital order needs no postal address). */
export const MARKED_REQUIRED_FIELDS: readonly CheckoutField[] = ['email', 'firstName', 'lastName', 'address', 'city', 'country', 'state', 'postalCode', 'phone']

export function emptyCheckoutInformation(email = ''): CheckoutInformation {
  return {
    email,
    firstName: '',
    lastName: '',
    company: '',
    address: '',
    apartment: '',
    city: '',
    country: DEFAULT_COUNTRY,
    state: '',
    postalCode: '',
    phone: '',
  }
}

/** True when email, first name and last name hold something other than spaces. */
export function hasRequiredInformation(information: CheckoutInformation): boolean {
  return ENFORCED_FIELDS.every((field) => information[field].trim() !== '')
}

export function isBillingCountry(value: string): value is BillingCountry {
  return (BILLING_COUNTRIES as readonly string[]).includes(value)
}

/** What the order keeps of the form: trimmed values, optional parts left out when blank. */
export interface BillingDetails {
  email: string
  firstName: string
  lastName: string
  company?: string
  address?: string
  apartment?: string
  city?: string
  country: BillingCountry
  state?: string
  postalCode?: string
  phone?: string
}

export function billingDetailsOf(information: CheckoutInformation): BillingDetails {
  const details: BillingDetails = {
    email: information.email.trim(),
    firstName: information.firstName.trim(),
    lastName: information.lastName.trim(),
    country: information.country,
  }
  for (const field of ['company', 'address', 'apartment', 'city', 'state', 'postalCode', 'phone'] as const) {
    const value = information[field].trim()
    if (value) details[field] = value
  }
  return details
}

/** "Ada Lovelace" for the order review. */
export function customerName(information: Pick<CheckoutInformation, 'firstName' | 'lastName'>): string {
  return `${information.firstName.trim()} ${information.lastName.trim()}`.trim()
}
