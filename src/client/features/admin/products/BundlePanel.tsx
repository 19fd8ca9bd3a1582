/**
 * "Bundle" on the owner's product page: the products this one holds (in the order its page lists
 * them, each movable up or removable), a search by name to add more, and the floor of "complete
 * the bundle" (a buyer who owns some items pays the bundle's price less what they paid, never
 * below it). Saved together; the server refuses a bundle inside a bundle, the bundle itself or
 * a floor above its price, and its sentence shows here. No products: the product is no bundle.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { dollarsToCents } from '../../../../shared/contract/admin-products.ts'
import type { AdminBundle } from '../../../../shared/contract/bundles.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { useAdminBundle, useSaveBundle } from './api/bundles.ts'
import { useAdminProducts } from './api/products.ts'

type BundleItem = AdminBundle['items'][number]

/** At most this many search results are offered at once. */
const SHOWN_RESULTS = 8

export function BundlePanel({ productId }: { productId: string }) {
  const bundle = useAdminBundle(productId)
  if (bundle.isPending) return <p className="mt-6 text-xs text-zinc-400">Loading the bundle…</p>
  if (bundle.isError)
    return (
      <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-red-900/70 bg-red-950/30 p-4 text-sm text-red-200">
        <p className="flex-1">{bundle.error.message}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void bundle.refetch()}>
          Try again
        </button>
      </div>
    )
  // Keyed by what is stored, so a save (or another admin's, on reload) starts the panel from it.
  return <BundleEditor key={JSON.stringify(bundle.data)} productId={productId} stored={bundle.data} />
}

function BundleEditor({ productId, stored }: { productId: string; stored: AdminBundle }) {
  const headingId = useId()
  const floorId = useId()
  const searchId = useId()
  const save = useSaveBundle(productId)
  const [items, setItems] = useState<BundleItem[]>(stored.items)
  const [floor, setFloor] = useState(stored.floorCents ? (stored.floorCents / 100).toFixed(2) : '')
  const [search, setSearch] = useState('')
  const [error, setError] = useState<string | null>(null)
  const found = useAdminProducts({ search: search.trim(), status: 'all', sortBy: 'name', sortOrder: 'asc' })
  const results =
    search.trim() === ''
      ? []
      : (found.data ?? []).filter((product) => product.id !== productId && !items.some((item) => item.productId === product.id)).slice(0, SHOWN_RESULTS)

  const move = (index: number) => setItems((list) => [...list.slice(0, index - 1), list[index]!, list[index - 1]!, ...list.slice(index + 1)])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const floorCents = floor.trim() === '' ? null : dollarsToCents(floor)
    if (floor.trim() !== '' && floorCents === null) {
      setError('The floor must be an amount in dollars with at most 2 decimals, or empty for none')
      return
    }
    setError(null)
    try {
      await save.mutateAsync({ productIds: items.map((item) => item.productId), floorCents })
      toast.success(items.length > 0 ? 'Bundle saved' : 'No longer a bundle')
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to save the bundle')
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Bundle
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Sell other products with this one: buyers get each of them with its own downloads. A buyer who owns some pays this product&rsquo;s price (
        {formatPrice(stored.priceCents)}) less what they paid for those, never below the floor.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 flex flex-col gap-4">
        {items.length === 0 ? (
          <p className="text-sm text-zinc-400">This product is not a bundle. Add products to make it one.</p>
        ) : (
          <ol aria-label="Products in the bundle" className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
            {items.map((item, index) => (
              <li key={item.productId} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 text-sm">
                <span className="w-6 text-zinc-400 tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-zinc-100">
                  {item.name}
                  {!item.active && <span className="ml-2 text-xs text-zinc-400">(archived)</span>}
                </span>
                <span className="text-zinc-300 tabular-nums">{formatPrice(item.priceCents)}</span>
                <button
                  type="button"
                  className="btn btn-secondary px-2.5 py-1 text-xs"
                  disabled={index === 0}
                  aria-label={`Move ${item.name} up`}
                  onClick={() => move(index)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-2.5 py-1 text-xs"
                  aria-label={`Remove ${item.name} from the bundle`}
                  onClick={() => setItems((list) => list.filter((other) => other.productId !== item.productId))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
        )}

        <div>
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Add products
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search products by name"
            className={INPUT_CLASS}
          />
          {results.length > 0 && (
            <ul aria-label="Products found" className="mt-2 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
              {results.map((product) => (
                <li key={product.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-zinc-100">{product.name}</span>
                  <span className="text-zinc-300 tabular-nums">{formatPrice(product.priceCents)}</span>
                  <button
                    type="button"
                    className="btn btn-secondary px-2.5 py-1 text-xs"
                    aria-label={`Add ${product.name} to the bundle`}
                    onClick={() =>
                      setItems((list) => [...list, { productId: product.id, name: product.name, priceCents: product.priceCents, active: product.active }])
                    }
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
          {search.trim() !== '' && found.isSuccess && results.length === 0 && <p className="mt-2 text-xs text-zinc-400">No other product matches.</p>}
        </div>

        <div className="max-w-xs">
          <label htmlFor={floorId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Floor (USD)
          </label>
          <input
            id={floorId}
            inputMode="decimal"
            value={floor}
            onChange={(event) => setFloor(event.target.value)}
            placeholder="No floor"
            aria-describedby={`${floorId}-hint`}
            className={INPUT_CLASS}
          />
          <p id={`${floorId}-hint`} className="mt-1.5 text-xs text-zinc-400">
            The least a buyer who owns some of the products pays to complete the bundle.
          </p>
        </div>

        {error && (
          <p role="alert" className="rounded-lg border border-red-800/80 bg-red-950/50 px-3.5 py-2.5 text-sm text-red-200">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save bundle'}
          </button>
        </div>
      </form>
    </section>
  )
}
