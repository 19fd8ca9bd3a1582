/**
 * The confirmation before a file version becomes the one buyers download (a draft published, or
 * an earlier version restored): it says how many buyers get it, offers an "update available"
 * email and one more download for each of them, and only then calls the server. The server's
 * refusal shows in the dialog, which stays open.
 */
import { useId, useState } from 'react'
import toast from 'react-hot-toast'
import { fileVersionLabel, type FileVersionView, type PublishFileVersionResult } from '../../../../shared/contract/product-file-versions.ts'
import { fileSizeMb } from '../../../../shared/product-view.ts'
import { Modal } from '../../../components/Modal.tsx'
import { usePublishFileVersion, type PublishFileVersionInput } from './api/publish-file-version.ts'

interface PublishFileVersionDialogProps {
  productId: string
  version: FileVersionView
  /** Buyers who can still download the product: who gets this version. */
  buyersWithAccess: number
  onClose: () => void
  /** After the version went live (the button that opened the dialog is gone by then). */
  onPublished: () => void
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "Version 2 is live. 14 emails queued, 14 purchases got one more download." */
function publishedMessage(version: FileVersionView, choice: PublishFileVersionInput, result: PublishFileVersionResult): string {
  const restored = version.publishedAt !== null
  const done = [
    choice.notifyBuyers ? `${count(result.emailsQueued, 'email', 'emails')} queued` : null,
    choice.extraDownload ? `${count(result.itemsGivenADownload, 'purchase', 'purchases')} got one more download` : null,
  ].filter(Boolean)
  return `${fileVersionLabel(version)} is live${restored ? ' again' : ''}.${done.length > 0 ? ` ${done.join(', ')}.` : ''}`
}

/** "14 buyers will download version 2 from now on." */
function whoGetsIt(version: FileVersionView, buyersWithAccess: number): string {
  if (buyersWithAccess === 0) return 'No buyer is affected: no one can download this product now.'
  return `${count(buyersWithAccess, 'buyer', 'buyers')} will download version ${version.number} from now on.`
}

export function PublishFileVersionDialog({ productId, version, buyersWithAccess, onClose, onPublished }: PublishFileVersionDialogProps) {
  const id = useId()
  const publish = usePublishFileVersion(productId)
  const [notifyBuyers, setNotifyBuyers] = useState(false)
  const [extraDownload, setExtraDownload] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const restoring = version.publishedAt !== null
  const noBuyers = buyersWithAccess === 0

  async function confirm() {
    setError(null)
    const choice = { number: version.number, notifyBuyers, extraDownload }
    try {
      const result = await publish.mutateAsync(choice)
      toast.success(publishedMessage(version, choice, result))
      onClose()
      onPublished()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : `Failed to publish version ${version.number}`)
    }
  }

  const option = (key: string, label: string, hint: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <div className="flex gap-3">
      <input
        id={`${id}-${key}`}
        type="checkbox"
        checked={checked && !noBuyers}
        disabled={noBuyers || publish.isPending}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-${key}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-brand-500"
      />
      <div>
        <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-zinc-100">
          {label}
        </label>
        <p id={`${id}-${key}-hint`} className="text-xs text-zinc-400">
          {hint}
        </p>
      </div>
    </div>
  )

  return (
    <Modal title={`${restoring ? 'Restore' : 'Publish'} version ${version.number}?`} onClose={publish.isPending ? () => undefined : onClose}>
      <p className="mt-3 text-sm text-zinc-200">{whoGetsIt(version, buyersWithAccess)}</p>
      <p className="mt-2 text-xs text-zinc-400">
        <span className="break-all">{version.fileName}</span> <span className="whitespace-nowrap">· {fileSizeMb(version.size)} MB</span>
        {version.changelog && <span className="mt-1 block break-words text-zinc-300">Changelog: {version.changelog}</span>}
      </p>
      <fieldset className="mt-5 space-y-3">
        <legend className="sr-only">What buyers get</legend>
        {option(
          'notify',
          'Email buyers that an update is available',
          'Buyers who turned off product update emails are skipped.',
          notifyBuyers,
          setNotifyBuyers,
        )}
        {option(
          'extra',
          'Give each buyer one more download',
          'So a buyer who used up their downloads can still get this version.',
          extraDownload,
          setExtraDownload,
        )}
      </fieldset>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-900/70 bg-red-950/40 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" disabled={publish.isPending} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={publish.isPending} onClick={() => void confirm()}>
          {publish.isPending ? (restoring ? 'Restoring…' : 'Publishing…') : 'Confirm'}
        </button>
      </div>
    </Modal>
  )
}
