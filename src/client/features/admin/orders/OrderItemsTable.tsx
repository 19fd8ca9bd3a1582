/**
 * An order's items on the owner's order page: price (or the bundle an item came with), downloads left of the limit, access (with
 * why it stopped), and the item's actions: refund it (asked twice, as money leaves the shop) or
 * give it more downloads. Refunding is the admin's: without `canRefund` (support staff) the
 * refund buttons are not shown.
 */
import { useState } from 'react'
import type { AdminOrder } from '../../../../shared/contract/admin-orders.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import type { OrderAction } from './api/orders.ts'

const ACCESS_WORDS = { active: 'Downloadable', suspended: 'Paused (dispute open)', revoked: 'Revoked' } as const
const ACCESS_TONES = { active: 'text-emerald-300', suspended: 'text-orange-300', revoked: 'text-violet-300' } as const

interface ItemActionProps {
  busy: boolean
  canRefund: boolean
  onAction: (action: OrderAction) => void
}

export function OrderItemsTable({ order, busy, canRefund, onAction }: ItemActionProps & { order: AdminOrder }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[44rem] text-sm">
        <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Item
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Downloads left
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Access
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
          {order.items.map((item) => (
            <tr key={item.id} aria-label={item.name}>
              <td className="px-4 py-3 text-zinc-100">
                {item.name}
                {item.quantity > 1 && <span className="text-zinc-400"> × {item.quantity}</span>}
              </td>
              {/* An item a bundle granted is priced, and refunded, on the bundle's line. */}
              {item.includedIn !== undefined ? (
                <td className="px-4 py-3 text-right text-xs text-zinc-400">Included in {item.includedIn}</td>
              ) : (
                <td className="px-4 py-3 text-right tabular-nums text-zinc-200">{formatPrice(item.priceCents * item.quantity)}</td>
              )}
              <td className="px-4 py-3 text-right tabular-nums text-zinc-200">
                {item.downloadsRemaining} of {item.downloadLimit * item.quantity}
              </td>
              <td className={`px-4 py-3 ${ACCESS_TONES[item.access.state]}`}>
                {item.access.state === 'revoked' && item.access.reason === 'refunded' ? 'Refunded' : ACCESS_WORDS[item.access.state]}
              </td>
              <td className="px-4 py-3">
                <ItemActions item={item} busy={busy} canRefund={canRefund} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ItemActions({ item, busy, canRefund, onAction }: ItemActionProps & { item: AdminOrder['items'][number] }) {
  const [confirming, setConfirming] = useState(false)
  const [extra, setExtra] = useState('1')
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {item.access.state === 'active' && (
        <form
          className="flex items-center gap-1.5"
          onSubmit={(event) => {
            event.preventDefault()
            onAction({ kind: 'add-downloads', orderItemId: item.id, downloads: Number(extra) })
          }}
        >
          <label className="sr-only" htmlFor={`extra-${item.id}`}>
            Downloads to add to {item.name}
          </label>
          <input
            id={`extra-${item.id}`}
            type="number"
            min={1}
            max={100}
            value={extra}
            onChange={(event) => setExtra(event.target.value)}
            className={`${INPUT_CLASS} w-16 py-1.5`}
          />
          <button type="submit" className="btn btn-secondary px-3 py-1.5 text-xs" disabled={busy}>
            Add downloads
          </button>
        </form>
      )}
      {item.refundPending && <span className="text-xs text-amber-300">Refund in progress</span>}
      {canRefund &&
        item.refundable &&
        (confirming ? (
          <>
            <button
              type="button"
              className="btn btn-danger px-3 py-1.5 text-xs"
              disabled={busy}
              onClick={() => onAction({ kind: 'refund', orderItemIds: [item.id] })}
            >
              Confirm refund of {formatPrice(item.refundCents)}
            </button>
            <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" disabled={busy} onClick={() => setConfirming(true)}>
            Refund item
          </button>
        ))}
    </div>
  )
}
