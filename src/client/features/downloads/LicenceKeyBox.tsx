/**
 * A bought item's licence key, under its card in the Download Hub or on a private order page:
 * the key in a monospace box with a Copy button, its state in words when it no longer works,
 * "Activations: 1 of 2" and the machines it is activated on, each with a Free button when the
 * buyer may free it (the hub; a private order page shows them read-only). A serial still owed
 * says it will come by email.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { LICENCE_KEY_MESSAGES, type LicenceKeyView } from '../../../shared/contract/licence-keys.ts'
import { formatDate } from '../../../shared/dates.ts'

const LICENCE_KEY_TEXT = {
  copied: 'Key copied',
  copyFailed: 'Could not copy the key: select it and copy it by hand',
  owed: 'Your serial will be sent by email when the vendor\u2019s next serials arrive.',
} as const

interface LicenceKeyBoxProps {
  licenceKey: LicenceKeyView
  /** Frees an activation; without it the activations are listed read-only. */
  onFree?: (activationId: string) => Promise<unknown>
}

export function LicenceKeyBox({ licenceKey: key, onFree }: LicenceKeyBoxProps) {
  const [freeing, setFreeing] = useState<string | null>(null)
  const stopped = key.state === 'revoked' ? LICENCE_KEY_MESSAGES.revoked : key.state === 'suspended' ? LICENCE_KEY_MESSAGES.suspended : null
  const labelId = `licence-key-${key.id}`

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(LICENCE_KEY_TEXT.copied)
    } catch {
      toast.error(LICENCE_KEY_TEXT.copyFailed)
    }
  }

  async function free(activationId: string) {
    if (!onFree) return
    setFreeing(activationId)
    try {
      await onFree(activationId)
      toast.success('Activation freed: the key can be activated on another machine')
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to free the activation')
    } finally {
      setFreeing(null)
    }
  }

  return (
    <div role="group" aria-labelledby={labelId} className="rounded-xl border border-zinc-800 bg-zinc-950/40 p-3 text-sm">
      <p id={labelId} className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
        {key.kind === 'serial' ? 'Serial number' : 'Licence key'}
      </p>
      {key.key === null ? (
        <p className="mt-1.5 text-amber-200">{LICENCE_KEY_TEXT.owed}</p>
      ) : (
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <code
            data-testid="licence-key"
            className={`min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-xs break-all sm:text-sm text-zinc-100 select-all ${stopped ? 'line-through opacity-60' : ''}`}
          >
            {key.key}
          </code>
          <button type="button" className="btn btn-secondary px-3 py-2 text-xs" aria-label="Copy key" onClick={() => void copy(key.key!)}>
            Copy
          </button>
        </div>
      )}
      {stopped && (
        <p data-state={key.state} className={`mt-2 ${key.state === 'suspended' ? 'text-orange-300' : 'text-violet-300'}`}>
          {stopped}
        </p>
      )}
      {key.activationLimit !== null && (
        <p className="mt-2 text-zinc-300">
          Activations: <span className="font-semibold tabular-nums">{key.activations.length}</span> of {key.activationLimit}
        </p>
      )}
      {key.activations.length > 0 && (
        <ul aria-label="Activations" className="mt-1.5 divide-y divide-zinc-800/80">
          {key.activations.map((activation) => (
            <li key={activation.id} className="flex items-center justify-between gap-3 py-1.5">
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-zinc-200">
                {activation.instanceName}
                <span className="block text-xs text-zinc-400">
                  Activated <time dateTime={activation.activatedAt}>{formatDate(activation.activatedAt)}</time>
                </span>
              </span>
              {onFree && (
                <button
                  type="button"
                  className="btn btn-secondary shrink-0 px-2.5 py-1 text-xs"
                  aria-label={`Free ${activation.instanceName}`}
                  disabled={freeing !== null}
                  onClick={() => void free(activation.id)}
                >
                  {freeing === activation.id ? 'Freeing…' : 'Free'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
