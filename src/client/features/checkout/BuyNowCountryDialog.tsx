/**
 * Buy Now's one question, in a small dialog: the country (and region and postal code where the
 * country has them), started from what this browser used last, so a returning buyer only
 * confirms. "Continue to payment" checks the country's rules under the fields, remembers the
 * answer in this browser and answers with the billing details the session is created with.
 * Loaded only when Buy Now asks, so the product page does not carry the country lists.
 */
import { useState, type FormEvent } from 'react'
import { DEFAULT_COUNTRY_CODE } from '../../../shared/address/countries.ts'
import { Modal } from '../../components/Modal.tsx'
import { BillingCountryFields, type BillingCountry } from './BillingCountryFields.tsx'
import { countryBillingDetailsOf, type BillingDetails } from './checkout-form.ts'
import { readLastBillingAddress, saveLastBillingAddress } from './last-billing-address.ts'
import { useAddressCheck } from './use-address-check.ts'

interface BuyNowCountryDialogProps {
  onAnswer: (billingDetails: BillingDetails | null) => void
}

export default function BuyNowCountryDialog({ onAnswer }: BuyNowCountryDialogProps) {
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
