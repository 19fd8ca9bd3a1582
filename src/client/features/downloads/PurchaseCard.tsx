/**
 * One purchased item in the download hub or on a private order page: image, name, description, file size in MB, the
 * version it downloads now (with its changelog), the downloads left, and a Download button that is disabled while preparing or once none are
 * left (then the download-limit text), plus the mapped text of a failed download. A refunded
 * or disputed item keeps its place with the plain reason instead of the button. An item sold
 * with licence keys shows them below (LicenceKeyBox), one per unit.
 */
import { Link } from 'react-router'
import { accessNotice, type Purchase } from '../../../shared/contract/downloads.ts'
import { formatDate } from '../../../shared/dates.ts'
import type { LicenceKeyView } from '../../../shared/contract/licence-keys.ts'
import { fileSizeMb, PLACEHOLDER_IMAGE } from '../../../shared/product-view.ts'
import { FileVersionNote } from '../../components/FileVersionNote.tsx'
import { DownloadIcon } from '../../components/Icons.tsx'
import { ProductImage } from '../../components/ProductImage.tsx'
import { DOWNLOAD_MESSAGES } from './download-errors.ts'
import { LicenceKeyBox } from './LicenceKeyBox.tsx'

interface PurchaseCardProps {
  purchase: Purchase
  isPreparing: boolean
  error: string | null
  onDownload: () => void
  /** This item's licence keys (read once for the whole page); none for a product sold without. */
  licenceKeys?: readonly LicenceKeyView[]
  /** Frees one activation of one of its keys; without it activations are read-only. */
  onFreeActivation?: (keyId: string, activationId: string) => Promise<unknown>
}

export function PurchaseCard({ purchase, isPreparing, error, onDownload, licenceKeys = [], onFreeActivation }: PurchaseCardProps) {
  const { product } = purchase
  const spent = purchase.downloadsRemaining <= 0
  const stopped = accessNotice(purchase.access)
  const headingId = `purchase-${purchase.id}`
  const statusId = `purchase-${purchase.id}-status`
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex min-w-0 flex-1 gap-4">
          <Link to={`/products/${product.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <ProductImage
              url={product.imageUrl ?? PLACEHOLDER_IMAGE}
              alt=""
              sizes="112px"
              width={112}
              height={112}
              className={`size-20 rounded-lg bg-zinc-800 object-cover sm:size-28 ${stopped ? 'opacity-40 grayscale' : ''}`}
            />
          </Link>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="leading-snug font-semibold text-white">
              <Link to={`/products/${product.id}`} className="rounded-sm hover:text-brand-300">
                {product.name}
              </Link>
            </h2>
            {product.description && <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-zinc-400">{product.description}</p>}
            <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-400">
              <div className="flex gap-1">
                <dt>Size:</dt>
                <dd className="text-zinc-200">{fileSizeMb(product.fileSize)} MB</dd>
              </div>
              <div className="flex gap-1">
                <dt>Order:</dt>
                <dd className="font-mono text-zinc-200">#{purchase.order.orderNumber}</dd>
              </div>
              <div className="flex gap-1">
                <dt>Purchased:</dt>
                <dd className="text-zinc-200">
                  <time dateTime={purchase.order.createdAt}>{formatDate(purchase.order.createdAt)}</time>
                </dd>
              </div>
            </dl>
            {!stopped && product.fileVersion && <FileVersionNote version={product.fileVersion} className="mt-2" />}
          </div>
        </div>

        {stopped ? (
          <div className="flex shrink-0 flex-col gap-2 sm:w-64 sm:items-end sm:text-right">
            <span
              className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${purchase.access.state === 'suspended' ? 'bg-orange-950/70 text-orange-300 ring-orange-700/80' : 'bg-violet-950/70 text-violet-300 ring-violet-700/80'}`}
            >
              {purchase.access.state === 'suspended' ? 'Paused' : 'No longer available'}
            </span>
            <p data-access={purchase.access.state} className="text-sm leading-relaxed text-zinc-300">
              {stopped}
            </p>
          </div>
        ) : (
          <div className="flex shrink-0 flex-col gap-2 sm:w-52 sm:items-end sm:text-right">
            <p id={statusId} className={`text-sm ${spent ? 'text-amber-300' : 'text-zinc-300'}`}>
              Downloads remaining: <span className="font-semibold tabular-nums">{purchase.downloadsRemaining}</span> of {purchase.downloadLimit}
            </p>
            <button
              type="button"
              onClick={onDownload}
              disabled={isPreparing || spent}
              aria-busy={isPreparing || undefined}
              aria-describedby={statusId}
              className="btn btn-primary w-full sm:w-auto"
            >
              {isPreparing ? (
                <span className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />
              ) : (
                <DownloadIcon className="size-4" />
              )}
              {isPreparing ? 'Preparing...' : 'Download'}
            </button>
            {spent && <p className="text-xs leading-relaxed text-zinc-400">{DOWNLOAD_MESSAGES.limitReached}</p>}
            {error && (
              <p role="alert" className="text-xs leading-relaxed text-red-300">
                {error}
              </p>
            )}
          </div>
        )}
      </div>
      {licenceKeys.length > 0 && (
        <div className="flex flex-col gap-2">
          {licenceKeys.map((key) => (
            <LicenceKeyBox key={key.id} licenceKey={key} onFree={onFreeActivation && ((activationId) => onFreeActivation(key.id, activationId))} />
          ))}
        </div>
      )}
    </article>
  )
}
