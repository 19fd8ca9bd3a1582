/**
 * The country's rules on a form: nothing is shown until the shopper tries to continue; from then
 * on the errors follow what is typed (a fixed field loses its sentence at once), and each try
 * moves focus to the first field still wrong.
 */
import { useEffect, useRef, useState } from 'react'
import { validateBillingAddress, type BillingAddressErrors, type BillingAddressInput } from '../../../shared/address/billing-address.ts'

const NONE: BillingAddressErrors = {}

export function useAddressCheck(address: BillingAddressInput) {
  const [tries, setTries] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = tries > 0 ? validateBillingAddress(address) : NONE

  useEffect(() => {
    if (tries > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [tries])

  /** Shows the errors from now on; true when the address may be used. */
  function check(): boolean {
    setTries((count) => count + 1)
    return Object.keys(validateBillingAddress(address)).length === 0
  }

  return { errors, check, formRef }
}
