/**
 * Resume a pending order (/checkout/:orderId, signed-in only): opens a fresh embedded payment
 * session for the shopper's own PENDING order and shows its items, its tax as the order was
 * priced ("VAT 19%", or the flat estimate's name) and total beside the form.
 * Someone else's or an unknown order reads "Order not found"; a paid, failed or cancelled one
 * says it is no longer awaiting payment.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { CHECKOUT_MESSAGES, PAYMENT_ERROR_TITLE } from '../../../../shared/checkout-errors.ts'
import { orderNumberOf } from '../../../../shared/contract/checkout.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { FLAT_TAX } from '../../../../shared/pricing.ts'
import { CartTotals } from '../../../components/CartTotals.tsx'
import { LockIcon } from '../../../components/Icons.tsx'
import { checkoutResumeQueryOptions } from '../api/get-checkout-resume.ts'
import { orderBySessionQueryOptions } from '../api/get-order-by-session.ts'
import { paymentSuccessPath } from '../checkout-session.ts'
import { CheckoutErrorBox } from '../CheckoutErrorBox.tsx'
import { EmbeddedCheckout } from '../payments/EmbeddedCheckout.tsx'

export default function ResumeCheckoutPage() {
  const { orderId = '' } = useParams()
  const navigate = useNavigate()
  const resume = useQuery(checkoutResumeQueryOptions(orderId))
  const sessionId = resume.data?.sessionId ?? null
  const order = useQuery({ ...orderBySessionQueryOptions(sessionId ?? ''), enabled: sessionId !== null })

  return (
    <div className="container-page py-8 sm:py-10">
      <title>Complete Your Order | Audio Lab Store</title>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Complete your order</h1>
      <p className="mt-2 text-zinc-400">
        Order <span className="font-mono font-semibold text-zinc-200">{orderNumberOf(orderId)}</span> is waiting for payment.
      </p>

      {resume.isPending ? (
        <p role="status" className="mt-10 flex items-center gap-3 text-sm text-zinc-400">
          <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
          Loading checkout...
        </p>
      ) : resume.isError ? (
        <div className="mt-8 flex max-w-xl flex-col gap-5">
          <CheckoutErrorBox title={PAYMENT_ERROR_TITLE} message={resume.error.message} />
          <div className="flex flex-wrap gap-3">
            <Link to="/order-history" className="btn btn-primary">
              View Order History
            </Link>
            <Link to="/" className="btn btn-secondary">
              Continue Shopping
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
          <section aria-labelledby="resume-payment-heading" className="min-w-0 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-5 sm:p-6">
            <h2 id="resume-payment-heading" className="mb-4 flex items-center gap-2 text-lg font-bold text-white">
              <LockIcon className="size-5 text-emerald-300" />
              Payment
            </h2>
            {resume.data.client_secret ? (
              // The order may not be the current cart: paying it leaves the cart to be re-read from the server.
              <EmbeddedCheckout clientSecret={resume.data.client_secret} onComplete={(paid) => navigate(paymentSuccessPath(paid, { keepCart: true }))} />
            ) : (
              <CheckoutErrorBox title={PAYMENT_ERROR_TITLE} message={CHECKOUT_MESSAGES.missingClientSecret} />
            )}
          </section>
          <aside aria-labelledby="resume-summary-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6 lg:sticky lg:top-24">
            <h2 id="resume-summary-heading" className="text-lg font-bold text-white">
              Order Summary
            </h2>
            {order.data ? (
              <>
                <ul aria-label="Items in your order" className="mt-3 divide-y divide-zinc-800 border-b border-zinc-800 text-sm">
                  {order.data.items.map((item, index) => (
                    <li key={`${item.name}-${index}`} className="flex justify-between gap-3 py-2.5">
                      <span className="min-w-0 text-zinc-200">
                        {item.name} <span className="text-zinc-400">× {item.quantity}</span>
                      </span>
                      <span className="text-zinc-100 tabular-nums">{formatPrice(item.priceCents * item.quantity)}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-4">
                  <CartTotals
                    totals={{
                      subtotalCents: order.data.subtotalCents,
                      savingsCents: 0,
                      discountCents: order.data.discountCents,
                      taxCents: order.data.taxCents,
                      totalCents: order.data.totalCents,
                      tax: { label: order.data.taxLabel ?? FLAT_TAX.label, pricesIncludeTax: order.data.taxIncluded ?? false },
                    }}
                    promoCode={order.data.promoCode ?? 'promo'}
                    variant="drawer"
                  />
                </div>
              </>
            ) : (
              <p className="mt-3 text-sm text-zinc-400">Loading your order...</p>
            )}
          </aside>
        </div>
      )}
    </div>
  )
}
