/**
 * The redirect checkout (/checkout): Information (the country's rules checked under their
 * fields, a business's VAT number where it counts), then Payment with the promo code, the order
 * review and "Continue to Payment - $X", which creates a hosted session and sends the shopper to
 * the provider's page. X is the cart total from the one pricing function with the buyer's tax for
 * the place the form names, the amount charged; the summary beside it shows the same figures.
 * The promo code form is the cart's: the page's route (app/routes/CheckoutPage.tsx) hands it in.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { CHECKOUT_ERROR_TITLE, CHECKOUT_MESSAGES, checkoutRedirectErrorMessage } from '../../../../shared/checkout-errors.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { selectPayablePromoCode } from '../../../cart-state/cart-promo.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'
import { useCartTotals } from '../../../cart-state/use-cart-totals.ts'
import { LockIcon } from '../../../components/Icons.tsx'
import { useSession } from '../../../session/use-session.ts'
import { saveLastBillingAddress } from '../../../tax/last-billing-address.ts'
import { VAT_NUMBER_FIELD } from '../../../tax/tax-place.ts'
import { useTaxMode } from '../../../tax/use-tax-treatment.ts'
import { billingDetailsOf, customerName, hasRequiredInformation, type CheckoutInformation } from '../checkout-form.ts'
import { cartCheckoutItems, cartCheckoutBuyer, checkoutReturnUrls, startCheckoutSession } from '../checkout-session.ts'
import { CheckoutErrorBox } from '../CheckoutErrorBox.tsx'
import { CheckoutInformationFields } from '../CheckoutInformationFields.tsx'
import { CheckoutLayout, CheckoutPanel } from '../CheckoutLayout.tsx'
import { CheckoutOrderReview } from '../CheckoutOrderReview.tsx'
import { useAddressCheck } from '../use-address-check.ts'
import { useCheckoutInformation } from '../use-checkout-information.ts'
import { taxPlaceOf, vatNumberProblemOf } from '../vat-number-check.ts'

interface ShownError {
  message: string
  /** Session and redirect failures add "If the problem persists…"; a form check does not. */
  persist: boolean
}

interface CheckoutPageProps {
  /** The cart's promo code form, shown in the Payment step. */
  promoCodeForm: ReactNode
}

export default function CheckoutPage({ promoCodeForm }: CheckoutPageProps) {
  const [step, setStep] = useState<'information' | 'payment'>('information')
  const [information, setInformation] = useCheckoutInformation()
  const address = useAddressCheck(information)
  const [error, setError] = useState<ShownError | null>(null)
  const [vatNumberError, setVatNumberError] = useState<string | undefined>()
  const [redirecting, setRedirecting] = useState(false)
  const { user, isLoading: authLoading } = useSession()
  const items = useCartStore((state) => state.items)
  // A code below its minimum gives no discount, so it is not sent: the charge is the summary's total.
  const promoCode = useCartStore(selectPayablePromoCode)
  const taxMode = useTaxMode()
  const totals = useCartTotals(taxPlaceOf(information, taxMode))

  // Back from the provider's page, the browser may restore this page as it was left: "Redirecting…".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  function continueToPayment(event: FormEvent) {
    event.preventDefault()
    if (items.length === 0) return setError({ message: CHECKOUT_MESSAGES.emptyCart, persist: false })
    const addressOk = address.check()
    const vatProblem = vatNumberProblemOf(information, taxMode)
    if (vatProblem) setVatNumberError(vatProblem)
    if (!hasRequiredInformation(information)) return setError({ message: CHECKOUT_MESSAGES.requiredFields, persist: false })
    setError(null)
    if (addressOk && !vatProblem) setStep('payment')
  }

  async function pay(event: FormEvent) {
    event.preventDefault()
    if (redirecting || authLoading) return
    if (items.length === 0) return setError({ message: CHECKOUT_MESSAGES.emptyCart, persist: false })
    setError(null)
    setRedirecting(true)
    const outcome = await startCheckoutSession({
      items: cartCheckoutItems(items),
      promoCode,
      ...cartCheckoutBuyer(user?.id, information.email),
      ...checkoutReturnUrls(),
      uiMode: 'hosted',
      billingDetails: billingDetailsOf(information, taxMode),
    })
    if (!outcome.ok && outcome.field === VAT_NUMBER_FIELD) {
      // The register refused the number: back to the field, with the sentence under it.
      setVatNumberError(outcome.message)
      setRedirecting(false)
      setStep('information')
      return
    }
    if (!outcome.ok) {
      setError({ message: outcome.message, persist: true })
      setRedirecting(false)
      return
    }
    saveLastBillingAddress(information)
    try {
      // Stays "Redirecting to checkout..." while the browser leaves for the provider's page.
      window.location.assign(outcome.url!)
    } catch (redirectError) {
      setError({ message: checkoutRedirectErrorMessage(redirectError instanceof Error ? redirectError.message : null), persist: true })
      setRedirecting(false)
    }
  }

  function updateInformation(value: CheckoutInformation) {
    if (value.vatNumber !== information.vatNumber || value.countryCode !== information.countryCode) setVatNumberError(undefined)
    setInformation(value)
    setError(null)
  }

  const errorBox = error && <CheckoutErrorBox title={CHECKOUT_ERROR_TITLE} message={error.message} persistHint={error.persist} />

  if (step === 'information') {
    return (
      <CheckoutLayout step="information" totals={totals}>
        <form ref={address.formRef} onSubmit={continueToPayment} noValidate className="flex flex-col gap-6">
          <CheckoutPanel title="Information">
            <CheckoutInformationFields value={information} onChange={updateInformation} addressErrors={address.errors} vatNumberError={vatNumberError} />
          </CheckoutPanel>
          {errorBox}
          <button type="submit" className="btn btn-primary w-full py-3 text-base sm:ml-auto sm:w-auto sm:px-8">
            Continue
          </button>
        </form>
      </CheckoutLayout>
    )
  }

  return (
    <CheckoutLayout step="payment" totals={totals}>
      <div className="flex flex-col gap-6">
        <CheckoutPanel title="Payment">
          <p className="flex items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-950/50 p-4 text-sm text-zinc-300">
            <LockIcon className="mt-0.5 size-5 shrink-0 text-emerald-300" />
            <span>You will be redirected to our payment provider's secure checkout to enter your card details and complete your purchase.</span>
          </p>
          <div className="mt-5">
            <h3 className="mb-2 text-sm font-medium text-zinc-200">Promo code (optional)</h3>
            {promoCodeForm}
          </div>
        </CheckoutPanel>
        <CheckoutPanel title="Review your order">
          <CheckoutOrderReview customer={customerName(information)} email={information.email.trim()} totalCents={totals.totalCents} />
        </CheckoutPanel>
        {errorBox}
        <form onSubmit={pay} className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
          <button
            type="button"
            onClick={() => {
              setError(null)
              setStep('information')
            }}
            disabled={redirecting}
            className="rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200 disabled:opacity-50"
          >
            ← Back to information
          </button>
          <button type="submit" disabled={redirecting || authLoading} className="btn btn-primary py-3 text-base sm:px-8">
            {redirecting ? 'Redirecting to checkout...' : `Continue to Payment - ${formatPrice(totals.totalCents)}`}
          </button>
        </form>
      </div>
    </CheckoutLayout>
  )
}
