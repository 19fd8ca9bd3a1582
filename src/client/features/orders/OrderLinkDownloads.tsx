/**
 * The items of the order a private link opens, each with its Download button: the Download
 * Hub's card and download action, spending the order's own counted downloads through the link.
 * Shown on the private order page and, for a guest, on the payment success page.
 */
import { ListSkeleton } from '../../components/ListSkeleton.tsx'
import { LoadFailed } from '../../components/LoadFailed.tsx'
import { PurchaseCard, useDownloadAction } from '../downloads/public.ts'
import { useOrderLink } from './api/get-order-link.ts'
import { useOrderLinkDownload } from './api/post-order-link-download.ts'

const LOAD_FAILED = 'Failed to load your downloads. Please try again.'

export function OrderLinkDownloads({ token }: { token: string }) {
  const order = useOrderLink(token)
  const createDownload = useOrderLinkDownload(token)
  const action = useDownloadAction(createDownload.mutateAsync)
  if (order.isPending) return <ListSkeleton label="Loading your downloads…" />
  if (order.isError) return <LoadFailed message={LOAD_FAILED} onRetry={() => void order.refetch()} />
  return (
    <ul aria-label="Your downloads" className="flex flex-col gap-4 text-left">
      {order.data.items.map((purchase) => (
        <li key={purchase.id}>
          <PurchaseCard
            purchase={purchase}
            isPreparing={action.isPreparing(purchase.id)}
            error={action.errorOf(purchase.id)}
            onDownload={() => void action.download(purchase)}
          />
        </li>
      ))}
    </ul>
  )
}
