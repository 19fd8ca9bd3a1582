/** /admin/products: every product, archived too, with price, sales and downloads; search, filter by status, sort. */
import { useState } from 'react'
import { Link } from 'react-router'
import { formatPrice } from '../../../../shared/money.ts'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { AdminLoadFailed } from '../AdminLayout.tsx'
import { useAdminProducts, type ProductListQuery } from '../api/products.ts'

const SORTS: { value: `${ProductListQuery['sortBy']}:${ProductListQuery['sortOrder']}`; label: string }[] = [
  { value: 'updated:desc', label: 'Recently changed' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'sales:desc', label: 'Best selling' },
  { value: 'price:asc', label: 'Price, low to high' },
  { value: 'price:desc', label: 'Price, high to low' },
]

export default function AdminProductsPage() {
  const [query, setQuery] = useState<ProductListQuery>({ search: '', status: 'all', sortBy: 'updated', sortOrder: 'desc' })
  const products = useAdminProducts(query)
  return (
    <>
      <title>Products | Owner console | Audio Lab Store</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-white">Products</h1>
        <Link to="/admin/products/new" className="btn btn-primary">
          New product
        </Link>
      </div>
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Search</span>
          <input
            type="search"
            value={query.search}
            onChange={(event) => setQuery({ ...query, search: event.target.value })}
            placeholder="Product name"
            className={INPUT_CLASS}
          />
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Status</span>
          <select
            value={query.status}
            onChange={(event) => setQuery({ ...query, status: event.target.value as ProductListQuery['status'] })}
            className={INPUT_CLASS}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="archived">Hidden</option>
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Sort</span>
          <select
            value={`${query.sortBy}:${query.sortOrder}`}
            onChange={(event) => {
              const [sortBy, sortOrder] = event.target.value.split(':') as [ProductListQuery['sortBy'], ProductListQuery['sortOrder']]
              setQuery({ ...query, sortBy, sortOrder })
            }}
            className={INPUT_CLASS}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {products.isPending ? (
        <ListSkeleton label="Loading products…" />
      ) : products.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={products.error} onRetry={() => void products.refetch()} />
        </div>
      ) : products.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">No product matches.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
              <tr>
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
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
              {products.data.map((product) => (
                <tr key={product.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/products/${product.id}`} className="rounded-sm font-medium text-zinc-100 hover:text-brand-300">
                      {product.name}
                    </Link>
                    <p className="text-xs text-zinc-400">{product.categoryName ?? 'No category'}</p>
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${product.active ? 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80' : 'bg-zinc-800 text-zinc-300 ring-zinc-600'}`}
                    >
                      {product.active ? 'Active' : 'Hidden'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right text-zinc-100 tabular-nums">{formatPrice(product.priceCents)}</td>
                  <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{product.sales}</td>
                  <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{product.downloads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
