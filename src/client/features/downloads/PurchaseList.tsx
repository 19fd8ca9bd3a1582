/**
 * Bought items as cards, each with its Download button and its licence keys: the Download Hub's
 * list, and a private order page's. The keys are read once for the whole list; when that read
 * fails the list says so above the cards (else they would read as items with no key), and the
 * downloads stay usable while Try again reads the keys once more.
 */
import type { LicenceKeyView } from '../../../shared/contract/licence-keys.ts'
import type { Purchase } from '../../../shared/contract/downloads.ts'
import { PurchaseCard } from './PurchaseCard.tsx'
import type { DownloadAction } from './use-download-action.ts'

interface PurchaseListProps {
  label: string
  className: string
  purchases: readonly Purchase[]
  action: DownloadAction
  /** The list's licence keys as their query holds them. */
  licenceKeys: { data: readonly LicenceKeyView[] | undefined; isError: boolean; refetch: () => unknown }
  /** Frees one activation of a key; without it activations are read-only (a guest's order page). */
  onFreeActivation?: (keyId: string, activationId: string) => Promise<unknown>
}

export function PurchaseList({ label, className, purchases, action, licenceKeys, onFreeActivation }: PurchaseListProps) {
  return (
    <>
      {licenceKeys.isError && (
        <div
          role="alert"
          className="mt-6 mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-900/70 bg-red-950/30 px-4 py-3 text-sm text-red-200"
        >
          <p className="flex-1">Your licence keys could not be loaded.</p>
          <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" onClick={() => void licenceKeys.refetch()}>
            Try again
          </button>
        </div>
      )}
      <ul aria-label={label} className={`flex flex-col gap-4 ${className}`}>
        {purchases.map((purchase) => (
          <li key={purchase.id}>
            <PurchaseCard
              purchase={purchase}
              isPreparing={action.isPreparing(purchase.id)}
              error={action.errorOf(purchase.id)}
              onDownload={() => void action.download(purchase)}
              licenceKeys={licenceKeys.data?.filter((key) => key.orderItemId === purchase.id)}
              onFreeActivation={onFreeActivation}
            />
          </li>
        ))}
      </ul>
    </>
  )
}
