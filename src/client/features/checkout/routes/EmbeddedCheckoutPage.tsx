/**
 * The embedded checkout (/checkout/hosted): Information (the country's rules checked under
 * their fields, a business's VAT number where it counts) with an optional promo code, then
 * "Continue to payment" creates an embedded session and the Payment step shows the payment form
 * on our page, with the order's figures as the server priced them. "Edit information" goes back
 * and discards the session's secret; so does any change to the cart, so the form never charges
 * for lines the summary no longer shows. The promo code form is the cart's: the page's route
 * (app/routes/EmbeddedCheckoutPage.tsx) hands it in.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { CHECKOUT_MESSAGES, PAYMENT_ERROR_TITLE } from '../../../../shared/checkout-errors.ts'
import type { CheckoutTotals } from '../../../../shared/contract/checkout.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { selectPayablePromoCode } from '../../../cart-state/cart-promo.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'
import { useCartTotals } from '../../../cart-state/use-cart-totals.ts'
import { useSession } from '../../../session/use-session.ts'
import { saveLastBillingAddress } from '../../../tax/last-billing-address.ts'
import { VAT_NUMBER_FIELD } from '../../../tax/tax-place.ts'
import { useTaxMode } from '../../../tax/use-tax-treatment.ts'
import { billingDetailsOf, hasRequiredInformation, type CheckoutInformation } from '../checkout-form.ts'
import { cartCheckoutItems, cartCheckoutBuyer, checkoutReturnUrls, paymentSuccessPath, startCheckoutSession, withServerTotals } from '../checkout-session.ts'
import { CheckoutErrorBox } from '../CheckoutErrorBox.tsx'
import { CheckoutInformationFields } from '../CheckoutInformationFields.tsx'
import { CheckoutLayout, CheckoutPanel } from '../CheckoutLayout.tsx'
import { EmbeddedCheckout } from '../payments/EmbeddedCheckout.tsx'
import { useAddressCheck } from '../use-address-check.ts'
import { useCheckoutInformation } from '../use-checkout-information.ts'
import { taxPlaceOf, vatNumberProblemOf } from '../vat-number-check.ts'

interface EmbeddedCheckoutPageProps {
  /** The cart's promo code form, shown in the Information step. */
  promoCodeForm: ReactNode
}

export default function EmbeddedCheckoutPage({ promoCodeForm }: EmbeddedCheckoutPageProps) {
  const navigate = useNavigate()
  const [information, setInformation] = useCheckoutInformation()
  const address = useAddressCheck(information)
  const [step, setStep] = useState<'information' | 'payment'>('information')
  const [clientSecret, setClientSecret] = useState<string | null>(null)
  // The order's figures once the server priced it: the payment step shows what the form charges.
  const [serverTotals, setServerTotals] = useState<CheckoutTotals | null>(null)
  const [vatNumberError, setVatNumberError] = useState<string | undefined>()
  const [creating, setCreating] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { user, isLoading: authLoading } = useSession()
  const items = useCartStore((state) => state.items)
  // A code below its minimum gives no discount, so it is not sent: the charge is the summary's total.
  const promoCode = useCartStore(selectPayablePromoCode)
  const taxMode = useTaxMode()
  const cartTotals = useCartTotals(taxPlaceOf(information, taxMode))
  const totals = step === 'payment' ? withServerTotals(cartTotals, serverTotals) : cartTotals

  // The session was priced for the cart as it was: a changed cart or promo needs a new one.
  useEffect(() => {
    setClientSecret(null)
    setServerTotals(null)
    setStep('information')
  }, [items, promoCode])

  async function continueToPayment(event: FormEvent) {
    event.preventDefault()
    if (creating || authLoading) return
    if (items.length === 0) return setError(CHECKOUT_MESSAGES.emptyCart)
    const addressOk = address.check()
    const vatProblem = vatNumberProblemOf(information, taxMode)
    if (vatProblem) setVatNumberError(vatProblem)
    if (!hasRequiredInformation(information)) return setError(CHECKOUT_MESSAGES.requiredFields)
    setError(null)
    if (!addressOk || vatProblem) return
    setCreating(true)
    const outcome = await startCheckoutSession({
      items: cartCheckoutItems(items),
      promoCode,
      ...cartCheckoutBuyer(user?.id, information.email),
      ...checkoutReturnUrls('cart'),
      uiMode: 'embedded',
      billingDetails: billingDetailsOf(information, taxMode),
    })
    setCreating(false)
    if (!outcome.ok && outcome.field === VAT_NUMBER_FIELD) return setVatNumberError(outcome.message)
    if (!outcome.ok) return setError(outcome.message)
    saveLastBillingAddress(information)
    setServerTotals(outcome.totals ?? null)
    setClientSecret(outcome.clientSecret)
    setStep('payment')
  }

  function editInformation() {
    setClientSecret(null)
    setServerTotals(null)
    setError(null)
    setStep('information')
  }

  function updateInformation(value: CheckoutInformation) {
    if (value.vatNumber !== information.vatNumber || value.countryCode !== information.countryCode) setVatNumberError(undefined)
    setInformation(value)
    setError(null)
  }

  const errorBox = error && <CheckoutErrorBox title={PAYMENT_ERROR_TITLE} message={error} />

  if (step === 'information') {
    return (
      <CheckoutLayout step="information" totals={totals}>
        <div className="flex flex-col gap-6">
          <form ref={address.formRef} id="checkout-information" onSubmit={continueToPayment} noValidate>
            <CheckoutPanel title="Information">
              <CheckoutInformationFields
                value={information}
                onChange={updateInformation}
                addressErrors={address.errors}
                vatNumberError={vatNumberError}
                disabled={creating}
              />
            </CheckoutPanel>
          </form>
          <CheckoutPanel title="Promo code (optional)">{promoCodeForm}</CheckoutPanel>
          {errorBox}
          <button
            type="submit"
            form="checkout-information"
            disabled={creating || authLoading}
            className="btn btn-primary w-full py-3 text-base sm:ml-auto sm:w-auto sm:px-8"
          >
            {creating ? 'Creating checkout...' : 'Continue to payment'}
          </button>
        </div>
      </CheckoutLayout>
    )
  }

  return (
    <CheckoutLayout step="payment" totals={totals}>
      <div className="flex flex-col gap-6">
        <CheckoutPanel
          title="Payment"
          action={
            <button type="button" onClick={editInformation} className="rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
              Edit information
            </button>
          }
        >
          <p className="mb-4 text-sm text-zinc-400">
            Paying <span className="font-semibold text-zinc-100 tabular-nums">{formatPrice(totals.totalCents)}</span> as{' '}
            <span className="font-medium text-zinc-200">{information.email.trim()}</span>
          </p>
          {clientSecret ? (
            <EmbeddedCheckout clientSecret={clientSecret} onComplete={(sessionId) => navigate(paymentSuccessPath(sessionId))} />
          ) : (
            <p role="status" className="flex items-center gap-3 py-8 text-sm text-zinc-400">
              <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
              Loading checkout...
            </p>
          )}
        </CheckoutPanel>
        {errorBox}
      </div>
    </CheckoutLayout>
  )
}
