/**
 * The tax an order is charged with: the store's policy (the tax capability) applied to where the
 * buyer is (the billing country and region) and whether they are a business (a VAT number the
 * EU's register, or else its format and checksum, accepts), by the shared rules
 * (src/shared/tax/tax-rules.ts) the cart and checkout pages use too. The order keeps the result
 * with the evidence of where the buyer is: the billing country, and the IP address's country when
 * a GeoIP database is configured; a disagreement is recorded, not resolved. The card's country is
 * added at payment when the provider reports it.
 *
 * A VAT number decides something only for a buyer in the EU, in a mode that taxes by country: it
 * must then fit its country's format, be the billing country's, and not be refused by the
 * register (400 with a sentence otherwise: the buyer asked for reverse charge and must not be
 * charged VAT silently). Elsewhere it is kept as given, for the invoice.
 */
import { countryInSentence } from '../../shared/address/countries.ts'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { taxEvidenceOf, taxTreatmentFor } from '../../shared/tax/tax-rules.ts'
import type { OrderTaxDetails, TaxPolicy } from '../../shared/tax/tax-types.ts'
import { checkVatNumberFormat, normaliseVatNumber } from '../../shared/tax/vat-number.ts'
import { asksVatNumber, BILLING_COUNTRY_FIELD, VAT_NUMBER_FIELD } from '../../shared/tax/vat-number-asked.ts'
import { AppError } from '../http/errors.ts'
import type { TaxService } from '../tax/tax.service.ts'
import type { CheckoutRequest } from './checkout-request.ts'

export interface CheckoutTaxDeps {
  tax: Pick<TaxService, 'policy' | 'checkVatNumber' | 'countryOfIp'>
}

interface VatNumberResult {
  vatNumber: string | null
  vatCheck: OrderTaxDetails['vatCheck']
  valid: boolean
}

/** Checks an EU buyer's VAT number where it decides the tax; throws 400 INVALID_VAT_NUMBER with the sentence to show under the field. */
async function checkedVatNumber({ tax }: CheckoutTaxDeps, policy: TaxPolicy, typed: string | null, country: string | null): Promise<VatNumberResult> {
  if (!typed || policy.mode === 'flat') return { vatNumber: null, vatCheck: null, valid: false }
  const vatNumber = normaliseVatNumber(typed, country)
  // Asked of none but an EU buyer (vat-number-asked.ts, as the form): elsewhere it is kept as given, for the invoice.
  if (!country || !asksVatNumber(policy.mode, country)) return { vatNumber, vatCheck: null, valid: false }
  const format = checkVatNumberFormat(vatNumber)
  if (!format.valid || format.country !== country) {
    throw new AppError(400, CODES.invalidVatNumber, MESSAGES.vatNumberMalformed(countryInSentence(country)), VAT_NUMBER_FIELD)
  }
  const check = await tax.checkVatNumber(vatNumber)
  if (!check.valid) throw new AppError(400, CODES.invalidVatNumber, MESSAGES.vatNumberUnregistered, VAT_NUMBER_FIELD)
  return { vatNumber: check.vatNumber, vatCheck: check.checkedBy, valid: true }
}

/**
 * The order's tax details: the treatment it is priced with, the VAT number and how it was
 * checked, and where the buyer is. In a mode that taxes by country the billing country is
 * required (400 INVALID_ADDRESS on the country field); the flat estimate needs none.
 */
export async function taxOfCheckout(deps: CheckoutTaxDeps, request: CheckoutRequest, ip: string | null): Promise<OrderTaxDetails> {
  const policy = await deps.tax.policy()
  const country = request.billingDetails?.countryCode ?? null
  if (policy.mode !== 'flat' && !country) throw new AppError(400, CODES.invalidAddress, MESSAGES.countryRequired, BILLING_COUNTRY_FIELD)
  const vat = await checkedVatNumber(deps, policy, request.vatNumber, country)
  const ipCountry = ip ? await deps.tax.countryOfIp(ip) : null
  // The card's country joins at payment (fulfilment), when the provider knows it.
  const evidence = taxEvidenceOf(country, ipCountry, null)
  const treatment = taxTreatmentFor(policy, { country, region: request.billingDetails?.state ?? null, validVatNumber: vat.valid })
  return { ...treatment, vatNumber: vat.vatNumber, vatCheck: vat.vatCheck, evidence }
}
