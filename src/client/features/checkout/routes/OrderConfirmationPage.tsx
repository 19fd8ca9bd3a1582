/**
 * Order confirmation (/order-confirmation), reached from the payment success page with the
 * order's number, email, total and card's last four digits in the navigation state (without an
 * order number it goes home): "Order Confirmed", the figures, next steps, the way to the
 * downloads, help tiles, and the review claim only when the owner wrote one (store settings).
 */
import { Link, Navigate, useLocation } from 'react-router'
import { formatDate } from '../../../../shared/dates.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { useStoreSettings } from '../../../api/get-store-settings.ts'
import { CheckIcon, DownloadIcon, ShieldIcon, StarIcon, WaveIcon } from '../../../components/Icons.tsx'
import { readOrderConfirmationState, type OrderConfirmationState } from '../order-confirmation-state.ts'
import { PageTitle } from '../../../components/PageTitle.tsx'

/** The reply time is the owner's (store settings); before it is known the step makes no promise. */
const nextSteps = (replyTime: string | undefined) =>
  [
    { title: 'Check your email', text: 'Your receipt and download links are on their way to your inbox.' },
    { title: 'Download your products', text: 'Download links are valid for 30 days. Your files also wait for you in the Download Hub.' },
    {
      title: 'Get support',
      text: `Questions about installing or using your sounds? ${replyTime ? `Our team replies within ${replyTime}.` : 'Our team is here to help.'}`,
    },
  ] as const

const HELP_TILES = [
  { title: 'Installation guides', text: 'Set up your sounds in any DAW.', to: '/learn#docs', Icon: DownloadIcon },
  { title: 'Tutorials', text: 'Tips for getting the most from your packs.', to: '/learn#blog', Icon: WaveIcon },
  { title: 'Support Center', text: 'FAQ and a contact form.', to: '/support', Icon: ShieldIcon },
] as const

export default function OrderConfirmationPage() {
  const location = useLocation()
  const state = readOrderConfirmationState(location.state)
  if (!state) return <Navigate to="/" replace />
  return <OrderConfirmation order={state} />
}

function OrderConfirmation({ order }: { order: OrderConfirmationState }) {
  const settings = useStoreSettings()
  const today = formatDate(new Date())
  const row = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3'
  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle>Order Confirmed</PageTitle>
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <header className="flex flex-col items-center text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-emerald-600/20 text-emerald-300 ring-1 ring-emerald-500/60">
            <CheckIcon className="size-8" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-white sm:text-4xl">Order Confirmed</h1>
          <p className="mt-2 text-zinc-300">Thank you for your purchase. Your sounds are ready to download.</p>
        </header>

        <section aria-labelledby="order-details-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/50 p-5 sm:p-6">
          <h2 id="order-details-heading" className="text-lg font-bold text-white">
            Order details
          </h2>
          <dl className="mt-2 divide-y divide-zinc-800 text-sm">
            <div className={row}>
              <dt className="text-zinc-400">Order number</dt>
              <dd className="font-mono font-semibold text-white">{order.orderNumber}</dd>
            </div>
            <div className={row}>
              <dt className="text-zinc-400">Email</dt>
              <dd className="min-w-0 break-all text-zinc-100">{order.email}</dd>
            </div>
            <div className={row}>
              <dt className="text-zinc-400">Date</dt>
              <dd className="text-zinc-100">{today}</dd>
            </div>
            <div className={row}>
              <dt className="text-zinc-400">Total Paid</dt>
              <dd className="text-base font-bold text-white tabular-nums">{formatPrice(order.totalCents)}</dd>
            </div>
            {order.cardLast4 && (
              <div className={row}>
                <dt className="text-zinc-400">Payment</dt>
                <dd className="text-zinc-100">Card ending in {order.cardLast4}</dd>
              </div>
            )}
          </dl>
        </section>

        <section aria-labelledby="next-steps-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/50 p-5 sm:p-6">
          <h2 id="next-steps-heading" className="text-lg font-bold text-white">
            What happens next
          </h2>
          <ol className="mt-4 flex flex-col gap-4">
            {nextSteps(settings?.supportReplyTime).map((step, index) => (
              <li key={step.title} className="flex gap-3.5">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600/20 text-sm font-semibold text-brand-200 ring-1 ring-brand-500/50">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-white">{step.title}</h3>
                  <p className="mt-0.5 text-sm text-zinc-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/download-hub" className="btn btn-primary py-3 sm:px-6">
            <DownloadIcon className="size-5" />
            Download All Products
          </Link>
          <Link to="/" className="btn btn-secondary py-3 sm:px-6">
            Continue Shopping
          </Link>
          <Link to="/profile" className="btn btn-secondary py-3 sm:px-6">
            View Account
          </Link>
        </div>

        <section aria-labelledby="help-heading">
          <h2 id="help-heading" className="text-lg font-bold text-white">
            Need help?
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {HELP_TILES.map(({ title, text, to, Icon }) => (
              <li key={title}>
                <Link
                  to={to}
                  className="flex h-full flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/50 p-4 transition-colors hover:border-zinc-600 hover:bg-zinc-900"
                >
                  <Icon className="size-5 text-brand-300" />
                  <span className="font-semibold text-white">{title}</span>
                  <span className="text-sm text-zinc-400">{text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {settings?.reviewClaim && (
          <p className="flex items-center justify-center gap-2 text-center text-sm text-zinc-400">
            <StarIcon filled className="size-4 shrink-0 text-amber-400" />
            {settings.reviewClaim}
          </p>
        )}
      </div>
    </div>
  )
}
