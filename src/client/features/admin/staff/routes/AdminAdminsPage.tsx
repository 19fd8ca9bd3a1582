/**
 * /admin/admins: the store's staff and since when: admins (everything) and support staff (orders
 * and customers: read, resend receipts, add downloads). Grant a role to a confirmed account by
 * email, and take another account's role back, each after a confirmation. The server's rules (the
 * account must exist and be confirmed, no admin takes their own role, the last admin stays) come
 * back as its messages.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { grantStaffRoleSchema, type AdminAccount, type StaffRole } from '../../../../../shared/contract/admin-admins.ts'
import { formatDate } from '../../../../../shared/dates.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdmins } from '../api/get-admins.ts'
import { useGrantAdmin } from '../api/grant-admin.ts'
import { useRevokeAdmin } from '../api/revoke-admin.ts'

const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', support: 'Support' }
/** What the confirmation says the person will be able to do. */
const ROLE_POWERS: Record<StaffRole, string> = {
  admin: 'an admin? They will be able to change products, orders, refunds and staff.',
  support: 'support staff? They will be able to look up orders and customers, resend receipts and add downloads, and nothing else.',
}

export default function AdminAdminsPage() {
  const staff = useAdmins()
  return (
    <>
      <title>Staff | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Staff</h1>
      <p className="mt-1 max-w-2xl text-sm text-zinc-400">
        Admins open the whole console: products, orders, refunds, customers and staff. Support staff look up orders and customers, resend receipts and add
        downloads. Every grant and revoke is recorded in the audit log. No admin can take their own role, and the store always keeps one admin.
      </p>
      <section aria-labelledby="grant-role" className="mt-5 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <h2 id="grant-role" className="mb-4 text-base font-semibold text-white">
          Grant a role
        </h2>
        <GrantRoleForm />
      </section>
      {staff.isPending ? (
        <ListSkeleton label="Loading staff…" />
      ) : staff.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={staff.error} onRetry={() => void staff.refetch()} />
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
          <table className="w-full text-sm">
            <caption className="sr-only">Staff of the store</caption>
            <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Account
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Role
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                  Since
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
              {staff.data.map((account) => (
                <StaffRow key={account.userId} account={account} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

/** The email and the role, then a confirmation naming both, then the server's answer. */
function GrantRoleForm() {
  const id = useId()
  const grant = useGrantAdmin()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('support')
  const [confirming, setConfirming] = useState<{ email: string; role: StaffRole } | null>(null)
  const [error, setError] = useState<string | null>(null)

  function review(event: FormEvent) {
    event.preventDefault()
    const parsed = grantStaffRoleSchema.safeParse({ email, role })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address')
      return
    }
    setError(null)
    setConfirming(parsed.data)
  }

  function confirm(form: { email: string; role: StaffRole }) {
    grant.mutate(form, {
      onSuccess: (granted) => {
        toast.success(`${granted.email} is now ${granted.role === 'admin' ? 'an admin' : 'support staff'}`)
        setEmail('')
        setConfirming(null)
      },
      onError: (failure) => {
        setError(failure.message)
        setConfirming(null)
      },
    })
  }

  if (confirming) {
    return (
      <div role="group" aria-labelledby={`${id}-confirm`} className="rounded-xl border border-amber-900/70 bg-amber-950/30 p-4">
        <p id={`${id}-confirm`} className="text-sm text-amber-100">
          Make <span className="font-semibold text-white [overflow-wrap:anywhere]">{confirming.email}</span> {ROLE_POWERS[confirming.role]}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={grant.isPending} onClick={() => confirm(confirming)}>
            {grant.isPending ? 'Granting…' : 'Confirm grant'}
          </button>
          <button type="button" className="btn btn-secondary" disabled={grant.isPending} onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      </div>
    )
  }
  return (
    <form onSubmit={review} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="sm:w-96">
        <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Email of the account
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="name@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={INPUT_CLASS}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-red-300">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-400">
            The person must have signed up and confirmed this email.
          </p>
        )}
      </div>
      <div className="sm:w-40">
        <label htmlFor={`${id}-role`} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Role
        </label>
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole)} className={INPUT_CLASS}>
          <option value="support">Support</option>
          <option value="admin">Admin</option>
        </select>
      </div>
      <button type="submit" className="btn btn-primary sm:mt-7">
        Grant role
      </button>
    </form>
  )
}

function StaffRow({ account }: { account: AdminAccount }) {
  const revoke = useRevokeAdmin()
  const [confirming, setConfirming] = useState(false)
  const role = ROLE_LABELS[account.role].toLowerCase()
  const run = () =>
    revoke.mutate(account.userId, {
      onSuccess: () => toast.success(`${account.email} is no longer ${account.role === 'admin' ? 'an admin' : 'support staff'}`),
      onError: (error) => {
        setConfirming(false)
        toast.error(error.message)
      },
    })

  const since = account.adminSince ? (
    <time dateTime={account.adminSince}>{formatDate(account.adminSince)}</time>
  ) : (
    <span className="text-zinc-500">not recorded</span>
  )

  return (
    <tr>
      <td className="px-4 py-3 align-top">
        <p className="text-zinc-100">
          <span className="[overflow-wrap:anywhere]">{account.email}</span>
          {account.you && (
            <span className="ml-2 inline-block rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-200">You</span>
          )}
        </p>
        {account.name && <p className="mt-0.5 text-zinc-400">{account.name}</p>}
        {/* Narrow screens: the date under the name, the column hidden. */}
        <p className="mt-0.5 text-xs text-zinc-400 sm:hidden">Since {since}</p>
      </td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-zinc-200">{ROLE_LABELS[account.role]}</td>
      <td className="hidden px-4 py-3 align-top whitespace-nowrap text-zinc-300 sm:table-cell">{since}</td>
      <td className="w-px px-4 py-3 text-right align-top">
        {account.you ? (
          <span className="block w-28 text-xs text-zinc-500 sm:w-auto sm:whitespace-nowrap">Another admin must take your role</span>
        ) : confirming ? (
          <div className="flex flex-col items-end gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-danger"
              disabled={revoke.isPending}
              onClick={run}
              aria-label={`Confirm: revoke the ${role} role of ${account.email}`}
            >
              Confirm revoke
            </button>
            <button type="button" className="btn btn-secondary" disabled={revoke.isPending} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} aria-label={`Revoke the ${role} role of ${account.email}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  )
}
