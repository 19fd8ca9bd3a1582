/**
 * /admin/customers/:key: one customer (an account, or a guest by address): who they are and
 * since when, what they paid (after refunds, without tax), their orders, the downloads each item
 * has left, refunds and disputes, the emails the store sent them, and (admins only) correcting
 * their email. A guest's key follows their address, so after a correction the page moves to it.
 */
import { useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router'
import type { CustomerDetail } from '../../../../../shared/contract/admin-customers.ts'
import { formatDate } from '../../../../../shared/dates.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useIsSupportStaff } from '../../shell/staff-role.ts'
import { useAdminCustomer, useChangeCustomerEmail } from '../api/customer.ts'
import { CustomerAfterSale, CustomerDownloads, CustomerEmails, CustomerOrders } from '../CustomerSections.tsx'

export default function AdminCustomerPage() {
  const { key } = useParams()
  const customer = useAdminCustomer(key)
  if (customer.isPending) return <ListSkeleton label="Loading the customer…" />
  if (customer.isError) return <AdminLoadFailed error={customer.error} onRetry={() => void customer.refetch()} />
  return <CustomerDetailView customer={customer.data} />
}

function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const admin = !useIsSupportStaff()
  const title = customer.name || customer.email
  return (
    <>
      <title>{`${title} | Customers | Owner console | Audio Lab Store`}</title>
      <p className="text-sm">
        <Link to="/admin/customers" className="rounded-sm text-zinc-400 hover:text-white">
          ← Customers
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight break-all text-white">{title}</h1>
      <p className="mt-1 text-sm text-zinc-400">
        {customer.name && <span className="break-all text-zinc-200">{customer.email} · </span>}
        {customer.kind === 'account' ? 'Account' : 'Guest'} since <time dateTime={customer.since}>{formatDate(customer.since)}</time>
        {customer.kind === 'account' && !customer.emailVerified && ' · email not confirmed'}
      </p>

      <dl aria-label="Figures" className="mt-4 grid grid-cols-3 gap-3 text-sm">
        {(
          [
            ['Paid', formatPrice(customer.paidCents)],
            ['Paid orders', String(customer.paidOrders)],
            ['Refunded', formatPrice(customer.refundedCents)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-3 sm:p-4">
            <dt className="text-xs text-zinc-400">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-zinc-500">Paid: what their paid orders came to, less refunds, without tax.</p>

      {admin && <EditEmailForm customer={customer} />}
      <CustomerOrders customer={customer} />
      <CustomerDownloads customer={customer} />
      <CustomerAfterSale customer={customer} />
      <CustomerEmails customer={customer} />
    </>
  )
}

function EditEmailForm({ customer }: { customer: CustomerDetail }) {
  const [email, setEmail] = useState('')
  const change = useChangeCustomerEmail(customer.key)
  const navigate = useNavigate()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change.mutate(email.trim(), {
      onSuccess: (corrected) => {
        toast.success(`Email changed to ${corrected.email}`)
        setEmail('')
        if (corrected.key !== customer.key) void navigate(`/admin/customers/${corrected.key}`, { replace: true })
      },
      onError: (error) => toast.error(error.message),
    })
  }
  return (
    <section aria-labelledby="customer-edit-email" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id="customer-edit-email" className="text-base font-semibold text-white">
        Edit email
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Their orders at {customer.email} move to the new address.
        {customer.kind === 'account' && ' The account’s new address stays unconfirmed until its owner confirms it.'}
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="w-full sm:w-80">
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">New email</span>
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" className={INPUT_CLASS} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          Save email
        </button>
      </form>
    </section>
  )
}
