/**
 * /download-hub (signed-in only): every item of the producer's paid orders with its file
 * size and downloads left, each downloadable on its own (a refunded or disputed one says why not), then the recent downloads. A failed
 * read shows a message with a Retry. The buyer's licence keys are read once for the page and
 * shown under their items, each activation freeable.
 */
import { EmptyState } from '../../../components/EmptyState.tsx'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { LoadFailed } from '../../../components/LoadFailed.tsx'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { useSession } from '../../../session/use-session.ts'
import { useFreeActivation } from '../api/delete-activation.ts'
import { useLicenceKeys } from '../api/get-licence-keys.ts'
import { usePurchases } from '../api/get-purchases.ts'
import { useCreateDownload } from '../api/post-download.ts'
import { DOWNLOAD_MESSAGES } from '../download-errors.ts'
import { PurchaseList } from '../PurchaseList.tsx'
import { RecentDownloads } from '../RecentDownloads.tsx'
import { useDownloadAction } from '../use-download-action.ts'

export default function DownloadHubPage() {
  const { user } = useSession()
  return (
    <>
      <title>Download Hub | Audio Lab Store</title>
      <section className="container-page max-w-4xl py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-white">Download Hub</h1>
        <p className="mt-2 text-zinc-400">Every product you have bought, with the downloads it has left.</p>
        {user ? <Hub userId={user.id} /> : <PageFallback />}
      </section>
    </>
  )
}

function Hub({ userId }: { userId: string }) {
  const purchases = usePurchases(userId)
  const createDownload = useCreateDownload(userId)
  const action = useDownloadAction(createDownload.mutateAsync)
  // One request for every card's keys; a failed read says so above the cards, with its own retry.
  const licenceKeys = useLicenceKeys(userId)
  const freeActivation = useFreeActivation(userId)
  if (purchases.isPending) return <ListSkeleton label="Loading your purchases…" />
  if (purchases.isError) return <LoadFailed message={DOWNLOAD_MESSAGES.loadFailed} onRetry={() => void purchases.refetch()} />
  if (purchases.data.length === 0) return <EmptyState text="No purchases yet." />
  return (
    <>
      <PurchaseList
        label="Purchased products"
        className="mt-8"
        purchases={purchases.data}
        action={action}
        licenceKeys={licenceKeys}
        onFreeActivation={(keyId, activationId) => freeActivation.mutateAsync({ keyId, activationId })}
      />
      <RecentDownloads userId={userId} />
    </>
  )
}
