/**
 * /orders/access/:token: the private page a guest's receipt links to. The order's number, date,
 * status and total; each item with its Download button and downloads left (a refunded or
 * disputed one says why not), as the Download Hub shows them; the licence; the invoice and
 * credit notes; and an invitation to keep these in an account. A link that does not work
 * (mistyped, withdrawn) says so and leads to "Find my order", which emails working links to the
 * order's address. The items' list is the order link's downloads (app/OrderLinkDownloads.tsx, the
 * downloads feature's cards): the page's route (app/routes/GuestOrderPage.tsx) hands it in.
 */
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { FIND_ORDER_PATH, ORDER_ACCESS_MESSAGES, type GuestOrder } from '../../../../shared/contract/order-access.ts'
import { formatDate } from '../../../../shared/dates.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { ApiError } from '../../../api/http.ts'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { LoadFailed } from '../../../components/LoadFailed.tsx'
import { useOrderLink } from '../api/get-order-link.ts'
import { OrderStatusBadge } from '../OrderStatusBadge.tsx'
import { TaxDocumentLinks } from '../TaxDocumentLinks.tsx'

interface GuestOrderPageProps {
  /** The downloads of the order this link opens. */
  orderDownloads: (token: string) => ReactNode
}

export default function GuestOrderPage({ orderDownloads }: GuestOrderPageProps) {
  const token = useParams().token ?? ''
  const order = useOrderLink(token)
  return (
    <>
      <title>Your order | Audio Lab Store</title>
      <section className="container-page max-w-4xl py-10 sm:py-14">
        {order.isPending && <ListSkeleton label="Loading your order…" />}
        {order.isError &&
          (order.error instanceof ApiError && order.error.status === 404 ? (
            <LinkNotWorking />
          ) : (
            <LoadFailed message={ORDER_ACCESS_MESSAGES.loadFailed} onRetry={() => void order.refetch()} />
          ))}
        {order.isSuccess && <OrderDetail order={order.data} downloads={orderDownloads(token)} />}
      </section>
    </>
  )
}

function OrderDetail({ order, downloads }: { order: GuestOrder; downloads: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-white">
          Order <span className="font-mono">#{order.orderNumber}</span>
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-2 text-zinc-400">
        Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · Total{' '}
        <span className="font-semibold text-zinc-100 tabular-nums">{formatPrice(order.totalAmountCents)}</span>
        {order.refundedCents > 0 && <> · Refunded {formatPrice(order.refundedCents)}</>}
      </p>
      <p className="mt-3 max-w-2xl text-sm leading-relaxed text-zinc-400">
        This page is private: anyone with its link can download these files, so please keep the link to yourself.
      </p>

      <h2 className="sr-only">Downloads</h2>
      <div className="mt-8">{downloads}</div>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {order.licence && (
          <section aria-labelledby="order-licence" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5">
            <h2 id="order-licence" className="text-base font-semibold text-white">
              Your licence
            </h2>
            <p className="mt-1 text-sm text-zinc-400">Royalty-free use of these sounds in the music you make.</p>
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
              <a href={order.licence.pdfPath} download className="rounded-sm text-brand-300 hover:text-brand-200">
                Licence certificate (PDF)
              </a>
              <Link to={order.licence.pagePath} className="rounded-sm text-brand-300 hover:text-brand-200">
                Check the licence online
              </Link>
            </div>
          </section>
        )}
        {order.documents && order.documents.length > 0 && (
          <section aria-labelledby="order-documents" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5">
            <h2 id="order-documents" className="text-base font-semibold text-white">
              {order.documents.length === 1 ? 'Your invoice' : 'Your invoice and credit notes'}
            </h2>
            <p className="mt-1 text-sm text-zinc-400">For your records, with the tax you paid.</p>
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
              <TaxDocumentLinks documents={order.documents} className="rounded-sm text-brand-300 hover:text-brand-200" />
            </div>
          </section>
        )}
        <AccountPrompt order={order} />
      </div>
    </>
  )
}

/** A guest is invited to keep the order in an account (it joins once that address is confirmed); an account's order says to sign in. */
function AccountPrompt({ order }: { order: GuestOrder }) {
  return (
    <section aria-labelledby="order-account" className="rounded-2xl border border-brand-800/60 bg-brand-950/30 p-5">
      <h2 id="order-account" className="text-base font-semibold text-white">
        {order.belongsToAccount ? 'In your account too' : 'Keep your downloads'}
      </h2>
      {order.belongsToAccount ? (
        <p className="mt-1 text-sm text-zinc-300">This order belongs to an account. Sign in to find it in your order history and Download Hub.</p>
      ) : (
        <p className="mt-1 text-sm break-words text-zinc-300">
          Create an account with <span className="font-semibold text-white">{order.customerEmail}</span> to keep these in your Download Hub.
        </p>
      )}
      <Link to={order.belongsToAccount ? '/login' : '/signup'} className="btn btn-secondary mt-4">
        {order.belongsToAccount ? 'Sign In' : 'Create an account'}
      </Link>
    </section>
  )
}

function LinkNotWorking() {
  return (
    <div className="flex min-h-[45vh] flex-col items-center justify-center py-10 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-white">This order link doesn&apos;t work</h1>
      <p className="mt-4 max-w-md text-zinc-400">{ORDER_ACCESS_MESSAGES.notFound}</p>
      <p className="mt-2 max-w-md text-zinc-400">Enter the email address you paid with and we&apos;ll send you a working link to each of your orders.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={FIND_ORDER_PATH} className="btn btn-primary">
          Find my order
        </Link>
        <Link to="/support" className="btn btn-secondary">
          Get Support
        </Link>
      </div>
    </div>
  )
}
