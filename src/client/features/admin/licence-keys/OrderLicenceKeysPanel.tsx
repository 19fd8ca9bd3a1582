/**
 * "Licence keys" on the owner's order page: each item's key (or that its serial is still owed),
 * its state, the activations used of its limit and the machines holding them. An admin revokes a
 * key (after a confirmation: it stops validating for good), reissues it (new text, its
 * activations end) or gives it more activations. An order without keys shows nothing.
 */
import { useId, useState } from 'react'
import toast from 'react-hot-toast'
import type { AdminOrder } from '../../../../shared/contract/admin-orders.ts'
import { MAX_ACTIVATION_LIMIT, type ActivationView, type LicenceKeyView } from '../../../../shared/contract/licence-keys.ts'
import { ApiError } from '../../../api/http.ts'
import { Modal } from '../../../components/Modal.tsx'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { useLicenceKeyAction, useOrderLicenceKeys, type LicenceKeyAction } from './api/licence-keys.ts'

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** A machine holding an activation, and since when. */
const activationText = (activation: ActivationView) => `${activation.instanceName} · ${when(activation.activatedAt)}`

const STATE_LABEL: Record<LicenceKeyView['state'], { text: string; className: string }> = {
  active: { text: 'Active', className: 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80' },
  suspended: { text: 'Suspended (disputed)', className: 'bg-orange-950/70 text-orange-300 ring-orange-700/80' },
  revoked: { text: 'Revoked', className: 'bg-violet-950/70 text-violet-300 ring-violet-700/80' },
}

const DONE: Record<LicenceKeyAction['kind'], string> = {
  revoke: 'Key revoked: it no longer validates',
  reissue: 'Key reissued: the old one no longer validates',
  'add-activations': 'Activations added',
}

type Confirming = { kind: 'revoke' | 'reissue'; key: LicenceKeyView } | null

interface OrderLicenceKeysPanelProps {
  order: Pick<AdminOrder, 'id' | 'status' | 'items'>
  /** An admin's actions; support staff only see the keys. */
  canAct: boolean
}

export function OrderLicenceKeysPanel({ order, canAct }: OrderLicenceKeysPanelProps) {
  const keys = useOrderLicenceKeys(order.id, order.status)
  const action = useLicenceKeyAction(order.id, order.status)
  const [confirming, setConfirming] = useState<Confirming>(null)
  // Nothing to show: an order without keys, or a role the API does not show them to.
  if (keys.isPending || (keys.isSuccess && keys.data.length === 0)) return null
  if (keys.isError && keys.error instanceof ApiError && keys.error.status === 403) return null
  const nameOf = (key: LicenceKeyView) => order.items.find((item) => item.id === key.orderItemId)?.name ?? 'Item'

  const run = (next: LicenceKeyAction) =>
    action.mutate(next, {
      onSuccess: () => {
        setConfirming(null)
        toast.success(DONE[next.kind])
      },
      onError: (error) => {
        setConfirming(null)
        toast.error(error.message)
      },
    })

  return (
    <section aria-labelledby="order-licence-keys" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id="order-licence-keys" className="text-base font-semibold text-white">
        Licence keys
      </h2>
      {keys.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-200">
          <p className="flex-1">{keys.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void keys.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800">
          {keys.data.map((key) => (
            <KeyRow
              key={key.id}
              licenceKey={key}
              name={nameOf(key)}
              canAct={canAct}
              busy={action.isPending}
              onConfirm={(kind) => setConfirming({ kind, key })}
              onAddActivations={(activations) => run({ kind: 'add-activations', keyId: key.id, activations })}
            />
          ))}
        </ul>
      )}
      {confirming && (
        <Modal
          title={confirming.kind === 'revoke' ? 'Revoke this key?' : 'Reissue this key?'}
          onClose={action.isPending ? () => undefined : () => setConfirming(null)}
        >
          <p className="mt-3 text-sm text-zinc-200">
            {confirming.kind === 'revoke'
              ? `The key of ${nameOf(confirming.key)} stops validating for good, on every machine it is activated on.`
              : `${nameOf(confirming.key)} gets a new key; the old one stops validating and its activations end. The buyer sees the new key in their downloads.`}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" disabled={action.isPending} onClick={() => setConfirming(null)}>
              Keep it
            </button>
            <button
              type="button"
              className={confirming.kind === 'revoke' ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={action.isPending}
              onClick={() => run({ kind: confirming.kind, keyId: confirming.key.id })}
            >
              {confirming.kind === 'revoke' ? 'Revoke key' : 'Reissue key'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}

interface KeyRowProps {
  licenceKey: LicenceKeyView
  name: string
  canAct: boolean
  busy: boolean
  onConfirm: (kind: 'revoke' | 'reissue') => void
  onAddActivations: (activations: number) => void
}

function KeyRow({ licenceKey: key, name, canAct, busy, onConfirm, onAddActivations }: KeyRowProps) {
  const addId = useId()
  const [adding, setAdding] = useState('1')
  const added = Number(adding)
  const state = STATE_LABEL[key.state]
  return (
    <li aria-label={name} className="flex flex-col gap-2 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-zinc-100">{name}</span>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${state.className}`}>{state.text}</span>
      </div>
      {key.key ? (
        <code className="w-fit rounded-md bg-zinc-950/70 px-2 py-1 font-mono text-xs break-all text-zinc-100">{key.key}</code>
      ) : (
        <p className="text-amber-200">Serial owed: the buyer gets it when you upload more serials.</p>
      )}
      <p className="text-zinc-300">
        {key.activationLimit === null ? 'Activations are counted by the vendor' : `Activations: ${key.activations.length} of ${key.activationLimit}`}
      </p>
      {key.activations.length > 0 && (
        <ul aria-label={`Activations of ${name}`} className="text-xs text-zinc-400">
          {key.activations.map((activation) => (
            <li key={activation.id}>{activationText(activation)}</li>
          ))}
        </ul>
      )}
      {canAct && (
        <div className="flex flex-wrap items-end gap-2">
          <button type="button" className="btn btn-secondary" disabled={busy || key.state === 'revoked'} onClick={() => onConfirm('revoke')}>
            Revoke
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy || key.key === null} onClick={() => onConfirm('reissue')}>
            Reissue
          </button>
          {key.activationLimit !== null && (
            <form
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                onAddActivations(added)
              }}
            >
              <div className="w-36">
                <label htmlFor={addId} className="mb-1 block text-xs text-zinc-400">
                  Activations to add
                </label>
                <input
                  id={addId}
                  type="number"
                  min={1}
                  max={MAX_ACTIVATION_LIMIT}
                  value={adding}
                  onChange={(event) => setAdding(event.target.value)}
                  className={INPUT_CLASS}
                />
              </div>
              <button type="submit" className="btn btn-secondary" disabled={busy || !Number.isInteger(added) || added < 1 || added > MAX_ACTIVATION_LIMIT}>
                Add activations
              </button>
            </form>
          )}
        </div>
      )}
    </li>
  )
}
