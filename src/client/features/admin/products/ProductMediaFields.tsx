/**
 * The product's files on its form: Product file, Cover image and Audio preview, each a file
 * input labelled as the owner reads it, showing what the product has now (name, size and
 * sha256; the cover; the preview with its waveform), a progress bar while a file goes up, and
 * the error beside the field. A file of the wrong type, or a cover or preview over its limit,
 * is refused here before a byte is sent (the server checks again). A product file goes up with
 * its changelog for buyers and becomes a file version, listed below the fields.
 */
import { useId, type ReactNode } from 'react'
import { UPLOAD_RULES, type ProductMediaView, type UploadKind } from '../../../../shared/contract/uploads.ts'
import { CHANGELOG_MAX_LENGTH } from '../../../../shared/contract/product-file-versions.ts'
import { fileSizeMb } from '../../../../shared/product-view.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { FileVersionsPanel } from './FileVersionsPanel.tsx'
import type { MediaFieldState, MediaUploads } from './use-media-uploads.ts'

interface ProductMediaFieldsProps {
  /** Unset while the product is new: its files wait for it to be created. */
  productId: string | undefined
  media: ProductMediaView | null
  uploads: Pick<MediaUploads, 'states' | 'pick' | 'changelog' | 'setChangelog'>
}

export function ProductMediaFields({ productId, media, uploads }: ProductMediaFieldsProps) {
  const { states, pick: onPick } = uploads
  return (
    <>
      <div className="grid gap-5 lg:grid-cols-3">
        <MediaField
          kind="file"
          state={states.file}
          onPick={onPick}
          beforeInput={<ChangelogField uploads={uploads} hasLiveFile={Boolean(media?.file)} busy={states.file?.progress !== undefined} />}
        >
          {media?.file ? (
            // Its name, size and sha256 are in the list of versions, beside the drafts and earlier files.
            <p className="text-xs text-zinc-400">Buyers download the live version listed under File versions.</p>
          ) : media ? (
            <p className="text-xs text-amber-200">No file yet: the product cannot be active until it has one.</p>
          ) : (
            <p className="text-xs text-zinc-400">What buyers download. It goes up when you create the product.</p>
          )}
        </MediaField>
        <MediaField kind="cover" state={states.cover} onPick={onPick}>
          {media?.coverUrl ? (
            <img src={media.coverUrl} alt="Current cover" width={96} height={96} className="size-24 rounded-lg object-cover" />
          ) : (
            <p className="text-xs text-zinc-400">No cover yet: the store shows a placeholder.</p>
          )}
        </MediaField>
        <MediaField kind="preview" state={states.preview} onPick={onPick}>
          {media?.previewUrl ? (
            <div className="space-y-2">
              {media.previewPeaks && <PeaksSketch peaks={media.previewPeaks} />}
              <audio controls preload="none" src={media.previewUrl} className="h-9 w-full" aria-label="Current audio preview" />
            </div>
          ) : (
            <p className="text-xs text-zinc-400">No preview yet.</p>
          )}
        </MediaField>
      </div>
      {productId && <FileVersionsPanel productId={productId} />}
    </>
  )
}

/** The buyers' one line about the next product file, typed before the file is picked (picking sends it). */
function ChangelogField({ uploads, hasLiveFile, busy }: { uploads: ProductMediaFieldsProps['uploads']; hasLiveFile: boolean; busy: boolean }) {
  const id = useId()
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-300">
        Changelog (shown to buyers)
      </label>
      <input
        id={id}
        value={uploads.changelog}
        maxLength={CHANGELOG_MAX_LENGTH}
        disabled={busy}
        placeholder="Optional, e.g. Added 12 one-shots"
        aria-describedby={`${id}-hint`}
        onChange={(event) => uploads.setChangelog(event.target.value)}
        className={`${INPUT_CLASS} px-3 py-2 text-sm`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
        {hasLiveFile ? 'The next file you choose becomes a draft: buyers keep the current file until you publish it.' : 'The first file goes live at once.'}
      </p>
    </div>
  )
}

interface MediaFieldProps {
  kind: UploadKind
  state: MediaFieldState | undefined
  onPick: (kind: UploadKind, file: File) => void
  /** Shown between what the product has now and the file input. */
  beforeInput?: ReactNode
  children: ReactNode
}

function MediaField({ kind, state, onPick, beforeInput, children }: MediaFieldProps) {
  const id = useId()
  const rule = UPLOAD_RULES[kind]
  const busy = state?.progress !== undefined
  return (
    <div className="rounded-xl border border-zinc-800 bg-zinc-950/40 p-4">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {rule.label}
      </label>
      <div className="mb-3">{children}</div>
      {beforeInput}
      <input
        id={id}
        type="file"
        accept={rule.accept || undefined}
        disabled={busy}
        aria-invalid={state?.error ? true : undefined}
        aria-describedby={state?.error ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onPick(kind, file)
        }}
        className="block w-full text-xs text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-zinc-700"
      />
      {state?.queued && !busy && <p className="mt-2 text-xs text-zinc-300">{state.queued.name} goes up when the product is created.</p>}
      {state?.progress && (
        <div className="mt-2">
          <progress
            max={state.progress.total}
            value={state.progress.sent}
            aria-label={`Uploading ${state.progress.fileName}`}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-500"
          />
          <p className="mt-1 text-xs text-zinc-400">
            {state.progress.fileName}: {Math.floor((state.progress.sent / Math.max(1, state.progress.total)) * 100)}% of {fileSizeMb(state.progress.total)} MB
          </p>
        </div>
      )}
      {state?.error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-xs text-red-300">
          {state.error}
        </p>
      )}
    </div>
  )
}

function PeaksSketch({ peaks }: { peaks: number[] }) {
  return (
    <svg viewBox={`0 0 ${peaks.length * 3} 32`} className="h-8 w-full" aria-hidden="true" preserveAspectRatio="none">
      {peaks.map((peak, index) => (
        <rect key={index} x={index * 3} y={16 - Math.max(0.5, peak * 16)} width={2} height={Math.max(1, peak * 32)} className="fill-brand-400" />
      ))}
    </svg>
  )
}
