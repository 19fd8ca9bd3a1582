/**
 * The product page's first-screen player, beside the price: a large play button and the
 * preview's waveform. It is the page's one preview player, the same the Audio Demos tab shows,
 * so playing in one shows pause in the other. `note` goes under the waveform (the audition's
 * line). A product without a preview shows nothing here.
 */
import type { ReactNode } from 'react'
import type { Product } from '../../../shared/contract/catalog.ts'
import { usePreviewPlayer } from '../../preview/preview-player.ts'
import { PreviewButton } from './PreviewButton.tsx'
import { Waveform } from './Waveform.tsx'

interface LeadPreviewProps {
  product: Pick<Product, 'name' | 'audioPreview' | 'previewPeaks'>
  note?: ReactNode
}

export function LeadPreview({ product, note }: LeadPreviewProps) {
  const url = product.audioPreview
  const error = usePreviewPlayer((state) => (url !== null && state.currentUrl === url ? state.error : null))
  if (!url) return null
  const peaks = product.previewPeaks ?? []
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-3 sm:gap-4 sm:p-4">
      <PreviewButton url={url} productName={product.name} variant="lead" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {peaks.length > 0 ? (
          <Waveform url={url} peaks={peaks} productName={product.name} size="compact" />
        ) : (
          <p className="text-sm font-medium text-zinc-200">Play the preview</p>
        )}
        {note}
        {error && (
          <p role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
