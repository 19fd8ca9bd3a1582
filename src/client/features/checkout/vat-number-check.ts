/**
 * The checkout form's VAT number against the billing country's format and checksum (jsvat, via
 * src/shared/tax/vat-number.ts): the sentence under the field, and the buyer's place for tax with
 * "a business with a valid number" when it fits. The server has the last word (the EU's register).
 */
import { countryInSentence } from '../../../shared/address/countries.ts'
import { CHECKOUT_SERVER_MESSAGES } from '../../../shared/contract/checkout.ts'
import type { TaxBuyerPlace, TaxMode } from '../../../shared/tax/tax-types.ts'
import { checkVatNumberFormat } from '../../../shared/tax/vat-number.ts'
import { asksVatNumber, taxPlaceOfAddress } from '../../tax/tax-place.ts'

/** The sentence under the VAT number field when it does not fit the billing country; null when it fits or is empty. */
export function vatNumberProblem(vatNumber: string, countryCode: string): string | null {
  if (!vatNumber.trim()) return null
  const format = checkVatNumberFormat(vatNumber, countryCode)
  return format.valid && format.country === countryCode ? null : CHECKOUT_SERVER_MESSAGES.vatNumberMalformed(countryInSentence(countryCode))
}

/** The form's VAT number problem where the form asks it, else null (a hidden field is not sent). */
export function vatNumberProblemOf(information: { countryCode: string; vatNumber: string }, mode: TaxMode): string | null {
  return asksVatNumber(mode, information.countryCode) ? vatNumberProblem(information.vatNumber, information.countryCode) : null
}

/** Where the form says the buyer is taxed, a business when the VAT number is asked, given and fits the country. */
export function taxPlaceOf(information: { countryCode: string; state: string; vatNumber: string }, mode: TaxMode): TaxBuyerPlace {
  const { countryCode, vatNumber } = information
  const business = asksVatNumber(mode, countryCode) && vatNumber.trim() !== '' && vatNumberProblem(vatNumber, countryCode) === null
  return taxPlaceOfAddress(information, business)
}
