/** The contents of the product page's tabs: Overview, Specifications, Audio Demos and Reviews. */
import type { ReactNode } from 'react'
import type { Product } from '../../../shared/contract/catalog.ts'
import { productSpecs } from '../../../shared/product-specs.ts'
import { CheckIcon } from '../../components/Icons.tsx'
import { usePreviewPlayer } from '../../preview/preview-player.ts'
import { PreviewButton } from './PreviewButton.tsx'
import { categoryName } from './product-display.ts'
import { Waveform } from './Waveform.tsx'

/** What the download holds, by category (the store's files are 44.1 kHz WAV where audio applies). */
const CATEGORY_FEATURES: Record<string, string> = {
  'sample-packs': 'Loops and one-shots as 44.1 kHz WAV files, labelled by tempo and key',
  'midi-packs': 'Standard MIDI files (.mid), labelled by tempo and key, to play on any sound',
  instruments: 'Multisamples as 44.1 kHz WAV files with SFZ mappings for any SFZ player',
  processors: 'Impulse responses (WAV) and presets that load in the plugins you already use',
  tools: 'Reference material ready to keep open beside your session',
}

export function overviewFeatures(product: Product): string[] {
  const categoryFeature = CATEGORY_FEATURES[product.category?.slug ?? '']
  return [
    'Instant download right after purchase',
    'Royalty-free license: use it in releases, streams, sync and client work',
    ...(categoryFeature ? [categoryFeature] : []),
    'Works in every major DAW: Ableton Live, FL Studio, Logic Pro, Pro Tools, Cubase, Bitwig and Reaper',
    `Re-download up to ${product.downloadLimit} times from your Download Hub`,
  ]
}

export function OverviewPanel({ product }: { product: Product }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-white">What you get</h2>
      <ul className="mt-4 grid gap-3 md:grid-cols-2 md:gap-x-10">
        {overviewFeatures(product).map((feature) => (
          <li key={feature} className="flex gap-3 text-zinc-200">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The facts a producer reads (format, BPM, key, contents, size, limits, dates), never the metadata's internal keys. */
export function SpecificationsPanel({ product }: { product: Product }) {
  return (
    <dl className="grid gap-px overflow-hidden rounded-xl border border-zinc-800 bg-zinc-800 sm:grid-cols-2">
      {productSpecs(product, categoryName(product)).map((row) => (
        <div key={row.id} className="flex justify-between gap-4 bg-zinc-950 px-4 py-3 text-sm sm:last:odd:col-span-2">
          <dt className="shrink-0 text-zinc-400">{row.label}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-zinc-100">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The preview with its waveform; `audition` is what the page puts under them (the tempo and key controls). */
export function AudioDemosPanel({ product, audition }: { product: Product; audition?: ReactNode }) {
  const error = usePreviewPlayer((state) => (state.currentUrl === product.audioPreview ? state.error : null))
  if (!product.audioPreview) return <p className="text-zinc-400">No audio preview available for this product.</p>
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/50 p-4 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
        <PreviewButton url={product.audioPreview} productName={product.name} variant="labelled" />
        {product.previewPeaks && product.previewPeaks.length > 0 && (
          <Waveform url={product.audioPreview} peaks={product.previewPeaks} productName={product.name} className="min-w-0 flex-1" />
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
      {audition}
    </div>
  )
}

export function ReviewsPanel() {
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-zinc-800 p-6">
      <p className="text-zinc-300">Reviews coming soon!</p>
      <button type="button" className="btn btn-secondary">
        Write a Review
      </button>
    </div>
  )
}
