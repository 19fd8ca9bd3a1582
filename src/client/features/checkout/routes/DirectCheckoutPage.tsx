/**
 * Direct checkout (/checkout/direct), reached from Buy Now with the session's client secret,
 * the product, the quantity and the order's figures as the server priced them (the buyer's tax
 * for the country Buy Now asked) in the navigation state (without it the shopper is sent home):
 * the embedded payment form (which shows its own "Payment Error" box when the payment service
 * or the session fails), a link back to the product and the order summary. Paying leads to
 * /payment/success.
 */
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { priceCart } from '../../../../shared/pricing.ts'
import { PLACEHOLDER_IMAGE } from '../../../../shared/product-view.ts'
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx'
import { CartTotals } from '../../../components/CartTotals.tsx'
import { LockIcon } from '../../../components/Icons.tsx'
import { paymentSuccessPath, withServerTotals } from '../checkout-session.ts'
import { CheckoutSummaryLine } from '../CheckoutSummaryLine.tsx'
import { readDirectCheckoutState, type DirectCheckoutState } from '../direct-checkout-state.ts'
import { EmbeddedCheckout } from '../payments/EmbeddedCheckout.tsx'

/** The category line of the summary: the product's category, else "Audio Product". */
const AUDIO_PRODUCT = 'Audio Product'

export default function DirectCheckoutPage() {
  const location = useLocation()
  const state = readDirectCheckoutState(location.state)
  if (!state) return <Navigate to="/" replace />
  return <DirectCheckout state={state} />
}

function DirectCheckout({ state }: { state: DirectCheckoutState }) {
  const navigate = useNavigate()
  const { product, quantity, clientSecret } = state
  // The server's figures carry the buyer's tax; without them (an older page's state), the flat estimate.
  const totals = withServerTotals(priceCart([{ priceCents: product.priceCents, quantity }]), state.totals)

  return (
    <div className="container-page py-8 sm:py-10">
      <title>Checkout | Audio Lab Store</title>
      <Breadcrumbs />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white sm:text-4xl">Complete your purchase</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="direct-payment-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/50 p-5 sm:p-6">
            <h2 id="direct-payment-heading" className="mb-4 flex items-center gap-2 text-lg font-bold text-white">
              <LockIcon className="size-5 text-emerald-300" />
              Payment
            </h2>
            <EmbeddedCheckout clientSecret={clientSecret} onComplete={(sessionId) => navigate(paymentSuccessPath(sessionId, { keepCart: true }))} />
          </section>
          <Link to={`/products/${product.id}`} className="self-start rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
            ← Return to product
          </Link>
        </div>

        <aside aria-labelledby="direct-summary-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6 lg:sticky lg:top-24">
          <h2 id="direct-summary-heading" className="text-lg font-bold text-white">
            Order Summary
          </h2>
          <ul aria-label="Items in your order" className="mt-3 border-b border-zinc-800">
            <CheckoutSummaryLine
              name={product.name}
              image={product.imageUrl || product.images?.[0] || PLACEHOLDER_IMAGE}
              category={product.category?.name || AUDIO_PRODUCT}
              quantity={quantity}
              lineTotalCents={totals.subtotalCents}
            />
          </ul>
          <div className="mt-4">
            <CartTotals totals={totals} promoCode={null} variant="drawer" />
          </div>
        </aside>
      </div>
    </div>
  )
}
