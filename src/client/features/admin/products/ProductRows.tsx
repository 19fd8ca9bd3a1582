/**
 * The owner's product table: a tick box, the cover, name and category, status, price (struck
 * through under a running sale), sales, downloads, and the row's actions (view in the store,
 * duplicate). On a phone the table scrolls sideways with the tick boxes held at its left edge.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import type { AdminProduct } from '../../../../shared/contract/admin-products.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { imageWidthUrls, PLACEHOLDER_IMAGE } from '../../../../shared/product-view.ts'

/** The cover at its smallest stored width (320 px, ample for a 48 px slot at 3×); the cover as stored when that size is missing. */
function Thumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null)
  const smallest = url ? (imageWidthUrls(url)?.[0]?.url ?? url) : PLACEHOLDER_IMAGE
  const src = url && failed === url ? url : smallest
  return (
    // The name is beside it: the image adds nothing for a screen reader.
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(url)}
      className="h-12 w-12 shrink-0 rounded-lg bg-zinc-800 object-cover"
    />
  )
}

function Price({ product }: { product: AdminProduct }) {
  if (!product.sale) return <>{formatPrice(product.priceCents)}</>
  return (
    <>
      <span className="font-semibold text-emerald-300">{formatPrice(product.sale.priceCents)}</span> <span className="sr-only">instead of </span>
      <s className="text-zinc-400">{formatPrice(product.priceCents)}</s>
      <span className="block text-xs text-zinc-400">{product.sale.name}</span>
    </>
  )
}

export function ProductRows({
  products,
  selected,
  onSelect,
  onDuplicate,
  duplicating,
}: {
  products: AdminProduct[]
  selected: ReadonlySet<string>
  onSelect: (ids: ReadonlySet<string>) => void
  onDuplicate: (id: string) => void
  duplicating: boolean
}) {
  const allTicked = products.length > 0 && products.every((product) => selected.has(product.id))
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }
  const stickyCell = 'sticky left-0 z-10 bg-zinc-950 px-3 py-3'
  return (
    <div className="relative mt-3 overflow-x-auto rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[52rem] text-sm">
        <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
          <tr>
            <th scope="col" className={`${stickyCell} bg-zinc-900`}>
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={allTicked}
                onChange={() => onSelect(allTicked ? new Set() : new Set(products.map((product) => product.id)))}
                className="h-5 w-5 accent-brand-500"
              />
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Product
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Sales
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Downloads
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
          {products.map((product) => (
            <tr key={product.id}>
              <td className={stickyCell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${product.name}`}
                  checked={selected.has(product.id)}
                  onChange={() => toggle(product.id)}
                  className="h-5 w-5 accent-brand-500"
                />
              </td>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail url={product.media.coverUrl} />
                  <div className="min-w-0">
                    <Link to={`/admin/products/${product.id}`} className="rounded-sm font-medium text-zinc-100 hover:text-brand-300">
                      {product.name}
                    </Link>
                    <p className="text-xs text-zinc-400">{product.categoryName ?? 'No category'}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${product.active ? 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80' : 'bg-zinc-800 text-zinc-300 ring-zinc-600'}`}
                >
                  {product.active ? 'Active' : 'Hidden'}
                </span>
              </td>
              <td className="px-4 py-3 text-right text-zinc-100 tabular-nums">
                <Price product={product} />
              </td>
              <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{product.sales}</td>
              <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{product.downloads}</td>
              <td className="px-4 py-3">
                <div className="flex items-center justify-end gap-3 whitespace-nowrap text-xs">
                  {product.active ? (
                    <a href={`/products/${product.id}`} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-300 hover:text-brand-200">
                      View in store<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="text-zinc-400">Not visible in the store</span>
                  )}
                  <button
                    type="button"
                    className="font-medium text-zinc-200 hover:text-white disabled:opacity-50"
                    disabled={duplicating}
                    onClick={() => onDuplicate(product.id)}
                    aria-label={`Duplicate ${product.name}`}
                  >
                    Duplicate
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
