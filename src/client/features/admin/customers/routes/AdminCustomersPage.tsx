/** /admin/customers: everyone who paid, most spent first, with order count and last order; search by email or name; each opens the customer's page. */
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../../../shared/dates.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AdminPager } from '../../shell/AdminPager.tsx'
import { CUSTOMERS_EXPORT_URL } from '../api/customers-export.ts'
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../api/get-customers.ts'

export default function AdminCustomersPage() {
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const customers = useCustomers(search.trim(), offset)
  return (
    <>
      <title>Customers | Owner console | Audio Lab Store</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-white">Customers</h1>
        <a href={CUSTOMERS_EXPORT_URL} download className="btn btn-secondary">
          Export CSV
        </a>
        <label className="w-full sm:w-72">
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Search by email or name</span>
          <input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setOffset(0)
            }}
            placeholder="name@example.com or a name"
            className={INPUT_CLASS}
          />
        </label>
      </div>
      {customers.isPending ? (
        <ListSkeleton label="Loading customers…" />
      ) : customers.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={customers.error} onRetry={() => void customers.refetch()} />
        </div>
      ) : customers.data.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">{search ? 'No customer matches this search.' : 'No one has bought anything yet.'}</p>
      ) : (
        <>
          <div className="relative mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
            <table className="w-full min-w-[36rem] text-sm">
              <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Account
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Orders
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Spent
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Last order
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
                {customers.data.data.map((customer) => (
                  <tr key={customer.email}>
                    <td className="px-4 py-3 break-all">
                      <Link to={`/admin/customers/${customer.key}`} className="rounded-sm font-medium text-white underline-offset-4 hover:underline">
                        {customer.email}
                      </Link>
                      {customer.name && <span className="block text-xs text-zinc-400">{customer.name}</span>}
                    </td>
                    <td className="px-4 py-3 text-zinc-400">{customer.userId ? 'Account' : 'Guest'}</td>
                    <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{customer.orders}</td>
                    <td className="px-4 py-3 text-right text-zinc-100 tabular-nums">{formatPrice(customer.spentCents)}</td>
                    <td className="px-4 py-3 text-zinc-300">
                      <time dateTime={customer.lastOrderAt}>{formatDate(customer.lastOrderAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager offset={offset} shown={customers.data.data.length} total={customers.data.total} pageSize={CUSTOMERS_PAGE_SIZE} onOffset={setOffset} />
        </>
      )}
    </>
  )
}
