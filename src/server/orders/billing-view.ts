/**
 * An order's billing details as the owner reads them: the country by its name and code, the
 * region by its name. Orders placed before countries were codes kept only the country's name
 * and whatever was typed as the state; those read as they were written.
 */
import { countryCodeOfName, countryName } from '../../shared/address/countries.ts'
import { findRegion } from '../../shared/address/regions.ts'
import type { AdminBillingDetails } from '../../shared/contract/admin-orders.ts'
import type { BillingDetails } from './orders.schema.ts'

const SHOWN: readonly (keyof BillingDetails)[] = [
  'firstName',
  'lastName',
  'company',
  'address',
  'apartment',
  'city',
  'state',
  'postalCode',
  'country',
  'countryCode',
  'phone',
]

/** Null when the order kept nothing the owner's card shows (no details, or only the email). */
export function billingViewOf(details: BillingDetails | null): AdminBillingDetails | null {
  if (!details || !SHOWN.some((field) => details[field]?.trim())) return null
  const text = (value: string | undefined) => value?.trim() || null
  const countryCode = text(details.countryCode) ?? (details.country ? countryCodeOfName(details.country) : null)
  const region = countryCode && details.state ? findRegion(countryCode, details.state) : null
  return {
    firstName: text(details.firstName),
    lastName: text(details.lastName),
    company: text(details.company),
    address: text(details.address),
    apartment: text(details.apartment),
    city: text(details.city),
    region: region?.name ?? text(details.state),
    regionCode: region?.code ?? null,
    postalCode: text(details.postalCode),
    country: (countryCode ? countryName(countryCode) : null) ?? text(details.country),
    countryCode,
    phone: text(details.phone),
  }
}
