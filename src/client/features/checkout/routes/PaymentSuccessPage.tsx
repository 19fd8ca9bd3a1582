/**
 * Payment success (/payment/success?session_id=…): "Processing your payment" for at least 2 s
 * and until the order behind the session is really paid, then "Payment Successful" with the
 * session id, order number, email and total. A guest's paid order lists its downloads at once,
 * through the order's private link (the receipt carries the same link). A paid cart checkout
 * empties this browser's cart (fulfilment already emptied the server's). An unknown session or
 * an order that never settles gets an honest message instead of a success it cannot vouch for.
 * The downloads are the order link's (app/OrderLinkDownloads.tsx): the page's route
 * (app/routes/PaymentSuccessPage.tsx) hands them in.
 */
import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { SessionOrder } from '../../../../shared/contract/checkout.ts'
import { orderAccessTokenOf } from '../../../../shared/contract/order-access.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { CheckIcon } from '../../../components/Icons.tsx'
import type { OrderConfirmationState } from '../order-confirmation-state.ts'
import { useSessionOrder } from '../use-session-order.ts'
import { useSettlePaidCart } from '../use-settle-paid-cart.ts'

interface PaymentSuccessPageProps {
  /** The downloads of the order a private link opens (its token), shown to a guest at once. */
  orderDownloads: (token: string) => ReactNode
}

export default function PaymentSuccessPage({ orderDownloads }: PaymentSuccessPageProps) {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id')?.trim() || null
  const keepCart = params.get('cart') === 'keep'
  const view = useSessionOrder(sessionId)
  useSettlePaidCart(view.state === 'completed', keepCart)

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <title>{view.state === 'completed' ? 'Payment Successful | Audio Lab Store' : 'Payment | Audio Lab Store'}</title>
      <div className="w-full max-w-2xl">
        {view.state === 'processing' && <Processing />}
        {view.state === 'completed' && <Paid order={view.order} sessionId={sessionId!} orderDownloads={orderDownloads} />}
        {view.state === 'failed' && (
          <Notice title="Payment not completed" tone="red">
            This payment did not go through and nothing was charged. Your cart is saved, so you can try again.
            <Actions>
              <Link to="/checkout" className="btn btn-primary">
                Try Again
              </Link>
              <Link to="/" className="btn btn-secondary">
                Continue Shopping
              </Link>
            </Actions>
          </Notice>
        )}
        {view.state === 'not-found' && (
          <Notice title="We couldn't find this payment" tone="zinc">
            We couldn't find this payment. If you were charged, your receipt is on its way by email; otherwise please contact support.
            <Actions>
              <Link to="/support" className="btn btn-primary">
                Get Support
              </Link>
              <Link to="/" className="btn btn-secondary">
                Continue Shopping
              </Link>
            </Actions>
          </Notice>
        )}
        {view.state === 'still-processing' && (
          <Notice title="Still processing" tone="amber">
            Your payment is still processing — we'll email your receipt as soon as it is confirmed.
            <Actions>
              <Link to="/order-history" className="btn btn-primary">
                View Order History
              </Link>
              <Link to="/" className="btn btn-secondary">
                Continue Shopping
              </Link>
            </Actions>
          </Notice>
        )}
      </div>
    </div>
  )
}

function Processing() {
  return (
    <section role="status" className="flex flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-14 text-center">
      <span className="size-12 animate-spin rounded-full border-4 border-zinc-700 border-t-brand-400" aria-hidden="true" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-white">Processing your payment</h1>
      <p className="mt-2 text-zinc-400">Please wait while we confirm your payment. Don't close this page.</p>
    </section>
  )
}

function Paid({ order, sessionId, orderDownloads }: { order: SessionOrder; sessionId: string } & PaymentSuccessPageProps) {
  const navigate = useNavigate()
  const confirmation: OrderConfirmationState = { orderNumber: order.orderNumber, email: order.email, totalCents: order.totalCents, cardLast4: order.cardLast4 }
  const row = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5'
  const accessToken = order.accessPath ? orderAccessTokenOf(order.accessPath) : null
  return (
    <section className="flex flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-5 py-10 text-center sm:px-8">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-600/20 text-emerald-300 ring-1 ring-emerald-500/60">
        <CheckIcon className="size-8" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-white">Payment Successful</h1>
      <p className="mt-2 text-zinc-300">Thank you for your purchase! Your receipt with download links is on its way to your inbox.</p>
      <dl className="mt-7 w-full divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-950/40 px-4 text-left text-sm">
        <div className={row}>
          <dt className="text-zinc-400">Order number</dt>
          <dd className="font-mono font-semibold text-white">{order.orderNumber}</dd>
        </div>
        <div className={row}>
          <dt className="text-zinc-400">Email</dt>
          <dd className="min-w-0 break-all text-zinc-100">{order.email}</dd>
        </div>
        <div className={row}>
          <dt className="text-zinc-400">Total</dt>
          <dd className="font-semibold text-white tabular-nums">{formatPrice(order.totalCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-zinc-400">Session ID</dt>
          <dd className="min-w-0 font-mono text-xs break-all text-zinc-300">{sessionId}</dd>
        </div>
      </dl>
      <div className="mt-7 flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <button type="button" onClick={() => navigate('/order-confirmation', { state: confirmation })} className="btn btn-primary">
          View order confirmation
        </button>
        {order.accessPath ? (
          <Link to={order.accessPath} className="btn btn-secondary">
            Open your order page
          </Link>
        ) : (
          <Link to="/order-history" className="btn btn-secondary">
            View Order History
          </Link>
        )}
        <Link to="/" className="btn btn-secondary">
          Continue Shopping
        </Link>
      </div>
      {accessToken && (
        <section aria-labelledby="success-downloads" className="mt-10 w-full text-left">
          <h2 id="success-downloads" className="text-xl font-bold tracking-tight text-white">
            Your downloads
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-400">Download your files now, or later from your private order page: its link is in your receipt.</p>
          {orderDownloads(accessToken)}
        </section>
      )}
    </section>
  )
}

const TONES = {
  red: 'bg-red-950/60 text-red-300 ring-red-800',
  amber: 'bg-amber-950/60 text-amber-300 ring-amber-800',
  zinc: 'bg-zinc-900 text-zinc-400 ring-zinc-700',
} as const

function Notice({ title, tone, children }: { title: string; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-12 text-center">
      <span className={`flex size-14 items-center justify-center rounded-full text-2xl font-bold ring-1 ${TONES[tone]}`} aria-hidden="true">
        !
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-white">{title}</h1>
      <div className="mt-2 text-zinc-300">{children}</div>
    </section>
  )
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div>
}
