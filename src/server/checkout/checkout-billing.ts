/**
 * The billing details a checkout keeps: blank parts dropped, and, when they name a country,
 * the address checked by the same rules as the checkout form (src/shared/address) and kept as
 * the country's code and name, the region's code and the postal code in its usual form. The
 * tax rules read the code and the region. Details without a country (an older client's, or none
 * at all) are kept as given: the country is asked by the form, not required by the API.
 */
import { firstAddressError, normalizeBillingAddress, validateBillingAddress } from '../../shared/address/billing-address.ts'
import { CHECKOUT_ERROR_CODES as CODES, type CheckoutSessionBody } from '../../shared/contract/checkout.ts'
import { AppError } from '../http/errors.ts'
import type { BillingDetails } from '../orders/orders.types.ts'

type BillingDetailsBody = NonNullable<CheckoutSessionBody['billingDetails']>
type AddressBody = Omit<BillingDetailsBody, 'vatNumber'>

/**
 * The details as an order keeps them, or null when nothing was given; throws 400 INVALID_ADDRESS
 * with the first sentence. The VAT number is not an address line: the order keeps it, checked,
 * with its tax details (checkout-tax.ts).
 */
export function readBillingDetails({ vatNumber: _vatNumber, ...details }: BillingDetailsBody): BillingDetails | null {
  const given = Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value === 'string' && value !== '')) as AddressBody
  if (Object.keys(given).length === 0) return null
  if (!given.countryCode && !given.country) return given
  const error = firstAddressError(validateBillingAddress(given))
  if (error) throw new AppError(400, CODES.invalidAddress, error.message, `billingDetails.${error.field}`)
  const { state: _state, postalCode: _postalCode, ...rest } = given
  return { ...rest, ...normalizeBillingAddress(given) }
}
