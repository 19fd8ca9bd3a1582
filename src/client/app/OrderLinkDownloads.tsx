/**
 * The items of the order a private link opens, each with its Download button: the Download
 * Hub's card and download action, spending the order's own counted downloads through the link.
 * Shown on the private order page and, for a guest, on the payment success page. Licence keys
 * show under their items, their activations read-only (freeing one needs the buyer's account).
 * Composed here, in the app: the order link is the orders feature's, the cards and their download
 * action the downloads feature's; the two pages' routes (routes/GuestOrderPage.tsx,
 * routes/PaymentSuccessPage.tsx) hand it to the pages.
 */
import { ListSkeleton } from '../components/ListSkeleton.tsx'
import { LoadFailed } from '../components/LoadFailed.tsx'
import { PurchaseList, useDownloadAction } from '../features/downloads/public.ts'
import { useOrderLink, useOrderLinkDownload, useOrderLinkLicenceKeys } from '../features/orders/public.ts'

const LOAD_FAILED = 'Failed to load your downloads. Please try again.'

export function OrderLinkDownloads({ token }: { token: string }) {
  const order = useOrderLink(token)
  const createDownload = useOrderLinkDownload(token)
  const action = useDownloadAction(createDownload.mutateAsync)
  const licenceKeys = useOrderLinkLicenceKeys(token)
  if (order.isPending) return <ListSkeleton label="Loading your downloads…" />
  if (order.isError) return <LoadFailed message={LOAD_FAILED} onRetry={() => void order.refetch()} />
  return <PurchaseList label="Your downloads" className="text-left" purchases={order.data.items} action={action} licenceKeys={licenceKeys} />
}
