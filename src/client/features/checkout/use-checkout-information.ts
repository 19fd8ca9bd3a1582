/**
 * The Information step's form state, starting in the country this browser checked out from
 * last (else the United States), with the signed-in shopper's email filled in as soon as the
 * session is known (once: a shopper who changes it keeps the change).
 */
import { useEffect, useRef, useState } from 'react'
import { useSession } from '../../session/use-session.ts'
import { readLastBillingAddress } from '../../tax/last-billing-address.ts'
import { emptyCheckoutInformation, type CheckoutInformation } from './checkout-form.ts'

export function useCheckoutInformation(): [CheckoutInformation, (value: CheckoutInformation) => void] {
  const { user } = useSession()
  const email = user?.email ?? ''
  const [information, setInformation] = useState(() => emptyCheckoutInformation(email, readLastBillingAddress()))
  const prefilled = useRef(email !== '')

  useEffect(() => {
    if (!email || prefilled.current) return
    prefilled.current = true
    setInformation((current) => (current.email.trim() ? current : { ...current, email }))
  }, [email])

  return [information, setInformation]
}
