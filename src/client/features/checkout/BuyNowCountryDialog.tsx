/**
 * Buy Now's one question, in a small dialog: the country (and region and postal code where the
 * country has them), started from what this browser used last, so a returning buyer only
 * confirms. Where the tax depends on the country, the dialog shows what it comes to for the
 * product ("VAT 19%: $9.31", the total) as the country changes. "Continue to payment" checks the
 * country's rules under the fields, remembers the answer in this browser and answers with the
 * billing details the session is created with. Loaded only when Buy Now asks, so the product page
 * does not carry the country lists.
 */
import { useState, type FormEvent } from 'react'
import { DEFAULT_COUNTRY_CODE } from '../../../shared/address/countries.ts'
import { formatPrice } from '../../../shared/money.ts'
import { priceCart, type PricedLine } from '../../../shared/pricing.ts'
import { TAX_AT_CHECKOUT_LABEL } from '../../../shared/tax/tax-rules.ts'
import { taxLineLabel } from '../../components/CartTotals.tsx'
import { Modal } from '../../components/Modal.tsx'
import { readLastBillingAddress, saveLastBillingAddress } from '../../tax/last-billing-address.ts'
import { taxPlaceOfAddress, type BillingCountry } from '../../tax/tax-place.ts'
import { useTaxMode, useTaxTreatment } from '../../tax/use-tax-treatment.ts'
import { BillingCountryFields } from './BillingCountryFields.tsx'
import { countryBillingDetailsOf, type BillingDetails } from './checkout-form.ts'
import { useAddressCheck } from './use-address-check.ts'

interface BuyNowCountryDialogProps {
  onAnswer: (billingDetails: BillingDetails | null) => void
  /** What Buy Now would buy, to show its tax for the chosen country. */
  lines?: readonly PricedLine[]
}

export default function BuyNowCountryDialog({ onAnswer, lines = [] }: BuyNowCountryDialogProps) {
  const [address, setAddress] = useState<BillingCountry>(() => readLastBillingAddress() ?? { countryCode: DEFAULT_COUNTRY_CODE, state: '', postalCode: '' })
  const check = useAddressCheck(address)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!check.check()) return
    saveLastBillingAddress(address)
    onAnswer(countryBillingDetailsOf(address))
  }

  return (
    <Modal title="Where are you buying from?" onClose={() => onAnswer(null)}>
      <form ref={check.formRef} onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
        <p className="text-sm text-zinc-400">Tax depends on where you are. This browser remembers your answer for next time.</p>
        <BillingCountryFields value={address} onChange={setAddress} errors={check.errors} />
        <TaxPreview address={address} lines={lines} />
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => onAnswer(null)} className="btn btn-secondary">
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Continue to payment
          </button>
        </div>
      </form>
    </Modal>
  )
}

/** The product's tax and total for the chosen place; nothing in flat mode (the spec's dialog) or before the place is complete. */
function TaxPreview({ address, lines }: { address: BillingCountry; lines: readonly PricedLine[] }) {
  const taxMode = useTaxMode()
  const treatment = useTaxTreatment(taxPlaceOfAddress(address))
  if (taxMode === 'flat' || lines.length === 0) return null
  const totals = priceCart(lines, 0, treatment)
  // Before the region that decides the rate is chosen, only the label ("Tax calculated at checkout").
  const tax = totals.tax.label === TAX_AT_CHECKOUT_LABEL ? totals.tax.label : `${taxLineLabel(totals.tax)}: ${formatPrice(totals.taxCents)}`
  return (
    <p role="status" className="rounded-lg border border-zinc-800 bg-zinc-950/50 px-3 py-2 text-sm text-zinc-300">
      {tax} <span className="text-zinc-500">·</span> Total <span className="font-semibold text-white tabular-nums">{formatPrice(totals.totalCents)}</span>
    </p>
  )
}
