/**
 * /order-history (signed-in only): the producer's orders newest first, ten at a time with
 * "Load More Orders", each with its number, date, coloured status, total and items. A failed
 * read shows a message with a Retry that reloads the page.
 */
import { EmptyState } from '../../../components/EmptyState.tsx'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { LoadFailed } from '../../../components/LoadFailed.tsx'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { useSession } from '../../../session/use-session.ts'
import { useOrders } from '../api/get-orders.ts'
import { OrderCard } from '../OrderCard.tsx'

export const ORDERS_LOAD_FAILED = 'Failed to load orders. Please try again.'

export default function OrderHistoryPage() {
  const { user } = useSession()
  return (
    <>
      <title>Order History | Audio Lab Store</title>
      <section className="container-page max-w-3xl py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-white">Order History</h1>
        {user ? <OrderList userId={user.id} /> : <PageFallback />}
      </section>
    </>
  )
}

function OrderList({ userId }: { userId: string }) {
  const orders = useOrders(userId)
  if (orders.isPending) return <ListSkeleton label="Loading your orders…" />
  if (orders.isError) return <LoadFailed message={ORDERS_LOAD_FAILED} onRetry={() => window.location.reload()} />
  const list = orders.data.pages.flatMap((page) => page.data)
  if (list.length === 0) return <EmptyState text="You have no orders yet." />
  return (
    <>
      <ol aria-label="Orders" className="mt-8 flex flex-col gap-4">
        {list.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ol>
      {orders.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-sm text-red-300">
          {ORDERS_LOAD_FAILED}
        </p>
      )}
      {orders.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button type="button" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage} className="btn btn-secondary">
            {orders.isFetchingNextPage ? 'Loading...' : 'Load More Orders'}
          </button>
        </div>
      )}
    </>
  )
}
