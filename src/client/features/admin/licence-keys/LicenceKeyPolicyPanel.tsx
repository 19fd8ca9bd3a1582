/**
 * "Licence keys" on the owner's product page: what a buyer of this product gets, none, a key
 * the store generates (with its activations per key) or one of the vendor's serials. For
 * serials: the pool (left, handed out, owed to buyers waiting for one), a warning once few are
 * left, the warning's threshold, whether the product still sells when none are left (the serial
 * is emailed later), and the upload of a CSV of serials with its line-by-line report.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import {
  DEFAULT_ACTIVATION_LIMIT,
  keyPolicySchema,
  MAX_ACTIVATION_LIMIT,
  type AdminKeyPolicy,
  type KeyPolicyKind,
} from '../../../../shared/contract/licence-keys.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { useKeyPolicy, useSaveKeyPolicy } from './api/key-policy.ts'
import { SerialImportForm } from './SerialImportForm.tsx'

const KINDS: { kind: KeyPolicyKind; label: string; hint: string }[] = [
  { kind: 'none', label: 'None', hint: 'Buyers get the file only.' },
  { kind: 'generated', label: 'Generated keys', hint: 'The store makes a key for each unit sold, activated on a number of machines.' },
  { kind: 'serials', label: 'Vendor serials', hint: 'Each unit sold takes one of the serials you upload.' },
]

export function LicenceKeyPolicyPanel({ productId }: { productId: string }) {
  const policy = useKeyPolicy(productId)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Licence keys
      </h2>
      {policy.isPending ? (
        <p className="mt-2 text-xs text-zinc-400">Loading the licence key policy…</p>
      ) : policy.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-red-900/70 bg-red-950/30 p-4 text-sm text-red-200">
          <p className="flex-1">{policy.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void policy.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        // Keyed by the stored policy, so a save starts the form from it; a change in the pool's
        // counts alone (an import) keeps the form and the import's report.
        <PolicyEditor key={policyKey(policy.data)} productId={productId} stored={policy.data} />
      )}
    </section>
  )
}

const policyKey = ({ kind, activationLimit, lowSerialsThreshold, serialSentLater }: AdminKeyPolicy) =>
  JSON.stringify([kind, activationLimit, lowSerialsThreshold, serialSentLater])

/** The pool's warning, or null while enough serials are left. */
function lowSerialsWarning(stored: AdminKeyPolicy): string | null {
  if (stored.kind !== 'serials' || !stored.lowSerials) return null
  if (stored.serialsLeft === 0)
    return stored.serialSentLater
      ? 'No serials left: buyers still pay and get their serial by email when you upload more.'
      : 'No serials left: the product is sold out until you upload more.'
  return `Only ${stored.serialsLeft} serial${stored.serialsLeft === 1 ? '' : 's'} left (you are warned at ${stored.lowSerialsThreshold}): upload more before the product sells out.`
}

function PolicyEditor({ productId, stored }: { productId: string; stored: AdminKeyPolicy }) {
  const ids = { limit: useId(), threshold: useId(), later: useId() }
  const save = useSaveKeyPolicy(productId)
  const [kind, setKind] = useState<KeyPolicyKind>(stored.kind)
  const [limit, setLimit] = useState(String(stored.activationLimit ?? DEFAULT_ACTIVATION_LIMIT))
  const [threshold, setThreshold] = useState(String(stored.lowSerialsThreshold))
  const [serialSentLater, setSerialSentLater] = useState(stored.serialSentLater)
  const [error, setError] = useState<string | null>(null)
  const warning = lowSerialsWarning(stored)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = keyPolicySchema.safeParse({
      kind,
      activationLimit: kind === 'generated' ? Number(limit) : kind === 'serials' ? stored.activationLimit : null,
      lowSerialsThreshold: Number(threshold),
      serialSentLater,
    })
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0]
      setError(
        field === 'activationLimit'
          ? `Activations per key must be a whole number from 1 to ${MAX_ACTIVATION_LIMIT}`
          : 'The warning threshold must be a whole number from 0',
      )
      return
    }
    setError(null)
    try {
      await save.mutateAsync(parsed.data)
      toast.success('Licence key policy saved')
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to save the licence key policy')
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-200">What a buyer gets</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {KINDS.map((choice) => (
              <label key={choice.kind} className="flex cursor-pointer gap-2.5 rounded-xl border border-zinc-800 p-3 text-sm has-[:checked]:border-brand-400">
                <input type="radio" name={`key-policy-${productId}`} value={choice.kind} checked={kind === choice.kind} onChange={() => setKind(choice.kind)} />
                <span>
                  <span className="block font-medium text-zinc-100">{choice.label}</span>
                  <span className="mt-0.5 block text-xs text-zinc-400">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {kind === 'generated' && (
          <div className="max-w-xs">
            <label htmlFor={ids.limit} className="mb-1.5 block text-sm font-medium text-zinc-200">
              Activations per key
            </label>
            <input
              id={ids.limit}
              type="number"
              min={1}
              max={MAX_ACTIVATION_LIMIT}
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              className={INPUT_CLASS}
            />
          </div>
        )}

        {kind === 'serials' && (
          <div className="flex flex-col gap-3">
            <div className="max-w-xs">
              <label htmlFor={ids.threshold} className="mb-1.5 block text-sm font-medium text-zinc-200">
                Warn when this many serials are left
              </label>
              <input
                id={ids.threshold}
                type="number"
                min={0}
                value={threshold}
                onChange={(event) => setThreshold(event.target.value)}
                className={INPUT_CLASS}
              />
            </div>
            <label htmlFor={ids.later} className="flex items-start gap-2.5 text-sm text-zinc-200">
              <input id={ids.later} type="checkbox" className="mt-1" checked={serialSentLater} onChange={(event) => setSerialSentLater(event.target.checked)} />
              <span>
                Serial sent later when sold out
                <span className="block text-xs text-zinc-400">
                  With no serials left the product still sells; each buyer gets theirs by email when you upload more.
                </span>
              </span>
            </label>
          </div>
        )}

        {error && (
          <p role="alert" className="rounded-lg border border-red-800/80 bg-red-950/50 px-3.5 py-2.5 text-sm text-red-200">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save licence keys'}
          </button>
        </div>
      </form>

      {stored.kind === 'serials' && (
        <div className="mt-6 border-t border-zinc-800 pt-5">
          <h3 className="text-base font-semibold text-white">Serial pool</h3>
          <dl aria-label="Serial pool" className="mt-3 grid grid-cols-3 gap-3 text-sm">
            {(
              [
                ['Left', stored.serialsLeft],
                ['Assigned', stored.serialsAssigned],
                ['Owed', stored.serialsOwed],
              ] as const
            ).map(([label, count]) => (
              <div key={label} className="rounded-xl border border-zinc-800 p-3">
                <dt className="text-xs text-zinc-400">{label}</dt>
                <dd className="mt-0.5 text-xl font-semibold text-white tabular-nums">{count}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-zinc-400">Owed: paid items waiting for a serial; your next upload goes to them first, oldest order first.</p>
          {warning && (
            <p role="status" className="mt-3 rounded-lg border border-amber-700/80 bg-amber-950/50 px-3.5 py-2.5 text-sm font-medium text-amber-200">
              {warning}
            </p>
          )}
          <SerialImportForm productId={productId} />
        </div>
      )}
    </>
  )
}
