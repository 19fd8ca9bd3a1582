/**
 * /admin/products: every product, archived too, with its cover, price (and running sale), sales
 * and downloads; search, filter by status, sort; open it in the store, duplicate it, and archive
 * or activate the products ticked on this page at once.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate } from 'react-router'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AdminPager } from '../../shell/AdminPager.tsx'
import { ProductRows } from '../ProductRows.tsx'
import { useAdminProducts, useBulkProductStatus, useDuplicateProduct, type ProductListQuery } from '../api/products.ts'

/** Rows a page shows: "select all on this page" stays within what one bulk change takes (100). */
const PAGE_SIZE = 50

const SORTS: { value: `${ProductListQuery['sortBy']}:${ProductListQuery['sortOrder']}`; label: string }[] = [
  { value: 'updated:desc', label: 'Recently changed' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'sales:desc', label: 'Best selling' },
  { value: 'price:asc', label: 'Price, low to high' },
  { value: 'price:desc', label: 'Price, high to low' },
]

export default function AdminProductsPage() {
  const [query, setQueryState] = useState<ProductListQuery>({ search: '', status: 'all', sortBy: 'updated', sortOrder: 'desc' })
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const products = useAdminProducts(query)
  const bulk = useBulkProductStatus()
  const duplicate = useDuplicateProduct()
  const navigate = useNavigate()
  // A new search, filter or sort starts at the first page with nothing ticked.
  const setQuery = (next: ProductListQuery) => {
    setQueryState(next)
    setOffset(0)
    setSelected(new Set())
  }
  const page = products.data?.slice(offset, offset + PAGE_SIZE) ?? []

  const changeStatus = (status: 'active' | 'archived') => {
    const ids = [...selected]
    bulk.mutate(
      { ids, status },
      {
        onSuccess: ({ changed, unchanged }) => {
          const done = `${changed} ${changed === 1 ? 'product' : 'products'} ${status === 'active' ? 'activated' : 'archived'}`
          toast.success(unchanged > 0 ? `${done}; ${unchanged} already ${status === 'active' ? 'active' : 'archived'}` : done)
          setSelected(new Set())
        },
        onError: (error) => toast.error(error.message),
      },
    )
  }
  const duplicateProduct = (id: string) =>
    duplicate.mutate(id, {
      onSuccess: (copy) => {
        toast.success(`${copy.name} created, hidden until you activate it`)
        void navigate(`/admin/products/${copy.id}`)
      },
      onError: (error) => toast.error(error.message),
    })
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
        <>
          <div role="toolbar" aria-label="Change the ticked products" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
            <span className="mr-auto text-zinc-300" aria-live="polite">
              {selected.size === 0 ? 'Tick products to archive or activate them together' : `${selected.size} selected`}
            </span>
            <button type="button" className="btn btn-secondary" disabled={selected.size === 0 || bulk.isPending} onClick={() => changeStatus('archived')}>
              Archive
            </button>
            <button type="button" className="btn btn-secondary" disabled={selected.size === 0 || bulk.isPending} onClick={() => changeStatus('active')}>
              Activate
            </button>
          </div>
          <ProductRows products={page} selected={selected} onSelect={setSelected} onDuplicate={duplicateProduct} duplicating={duplicate.isPending} />
          {products.data.length > PAGE_SIZE && (
            <AdminPager
              offset={offset}
              shown={page.length}
              total={products.data.length}
              pageSize={PAGE_SIZE}
              onOffset={(next) => {
                setOffset(next)
                setSelected(new Set())
              }}
            />
          )}
        </>
      )}
    </>
  )
}
