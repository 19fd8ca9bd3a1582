/**
 * The owner's view of an order's private links (a guest's receipt, "Find my order"): when each
 * was made, whether it still works (or when and by whom it was revoked) and the downloads made
 * through it; and, after a confirmation, revoking every live one, as when a buyer says their
 * link was shared (an admin's action: without `canRevoke`, support staff only see the links).
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import type { AdminOrder } from '../../../../shared/contract/admin-orders.ts'
import { Modal } from '../../../components/Modal.tsx'
import { useRevokeAccessLinks } from './api/revoke-access-links.ts'

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const downloadsText = (count: number) => `${count} download${count === 1 ? '' : 's'}`

export function OrderAccessLinksPanel({ order, canRevoke }: { order: AdminOrder; canRevoke: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const revoke = useRevokeAccessLinks(order.id)
  const live = order.accessLinks.filter((link) => link.revokedAt === null).length
  // An account's order without links has nothing to show: its buyer uses the Download Hub.
  if (order.userId !== null && order.accessLinks.length === 0) return null

  function confirm() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false)
        toast.success('Private links revoked')
      },
      onError: (error) => {
        setConfirming(false)
        toast.error(error.message)
      },
    })
  }

  return (
    <section aria-labelledby="order-access-links" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-access-links" className="text-base font-semibold text-white">
          Private order links
        </h2>
        {canRevoke && live > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            Revoke links
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-zinc-400">Anyone with a live link can open this order and download its files, as its receipt allows.</p>
      {order.accessLinks.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">No link has been sent yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {order.accessLinks.map((link) => (
            <li key={link.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="text-zinc-200">
                Sent <time dateTime={link.createdAt}>{when(link.createdAt)}</time> · {downloadsText(link.downloads)}
              </span>
              {link.revokedAt ? (
                <span className="text-xs text-zinc-400">
                  Revoked <time dateTime={link.revokedAt}>{when(link.revokedAt)}</time>
                  {link.revokedBy && <> by {link.revokedBy}</>}
                </span>
              ) : (
                <span className="rounded-full bg-emerald-950/70 px-2.5 py-0.5 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-700/80">Live</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Modal title="Revoke the private links?" onClose={revoke.isPending ? () => undefined : () => setConfirming(false)}>
          <p className="mt-3 text-sm text-zinc-200">
            {live === 1 ? 'The live link stops working' : `All ${live} live links stop working`} at once: whoever holds one can no longer open this order or
            download its files.
          </p>
          <p className="mt-2 text-sm break-words text-zinc-400">
            The buyer can still get a new link at {order.customerEmail}, from a resent receipt or from Find my order.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" disabled={revoke.isPending} onClick={() => setConfirming(false)}>
              Keep them
            </button>
            <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={confirm}>
              {revoke.isPending ? 'Revoking…' : 'Revoke links'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}
