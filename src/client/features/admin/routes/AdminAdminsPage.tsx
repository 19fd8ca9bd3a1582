/**
 * /admin/admins: who runs the store and since when; grant the admin role to a confirmed account
 * by email, and revoke another admin's, each after a confirmation. The server's rules (the
 * account must exist and be confirmed, no one revokes themselves, the last admin stays) come
 * back as its messages.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { grantAdminSchema, type AdminAccount } from '../../../../shared/contract/admin-admins.ts'
import { formatDate } from '../../../../shared/dates.ts'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { AdminLoadFailed } from '../AdminLayout.tsx'
import { useAdmins } from '../api/get-admins.ts'
import { useGrantAdmin } from '../api/grant-admin.ts'
import { useRevokeAdmin } from '../api/revoke-admin.ts'

export default function AdminAdminsPage() {
  const admins = useAdmins()
  return (
    <>
      <title>Admins | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Admins</h1>
      <p className="mt-1 max-w-2xl text-sm text-zinc-400">
        Admins open this console: products, orders, refunds, customers and other admins. Every grant and revoke is recorded in the audit log. No one can take
        their own role, and the store always keeps one admin.
      </p>
      <section aria-labelledby="grant-admin" className="mt-5 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <h2 id="grant-admin" className="mb-4 text-base font-semibold text-white">
          Grant admin
        </h2>
        <GrantAdminForm />
      </section>
      {admins.isPending ? (
        <ListSkeleton label="Loading admins…" />
      ) : admins.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={admins.error} onRetry={() => void admins.refetch()} />
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
          <table className="w-full text-sm">
            <caption className="sr-only">Admins of the store</caption>
            <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Admin
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                  Admin since
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
              {admins.data.map((admin) => (
                <AdminRow key={admin.userId} admin={admin} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

/** The email field, then a confirmation naming the account, then the server's answer. */
function GrantAdminForm() {
  const id = useId()
  const grant = useGrantAdmin()
  const [email, setEmail] = useState('')
  const [confirming, setConfirming] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  function review(event: FormEvent) {
    event.preventDefault()
    const parsed = grantAdminSchema.safeParse({ email })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address')
      return
    }
    setError(null)
    setConfirming(parsed.data.email)
  }

  function confirm(address: string) {
    grant.mutate(
      { email: address },
      {
        onSuccess: (granted) => {
          toast.success(`${granted.email} is now an admin`)
          setEmail('')
          setConfirming(null)
        },
        onError: (failure) => {
          setError(failure.message)
          setConfirming(null)
        },
      },
    )
  }

  if (confirming) {
    return (
      <div role="group" aria-labelledby={`${id}-confirm`} className="rounded-xl border border-amber-900/70 bg-amber-950/30 p-4">
        <p id={`${id}-confirm`} className="text-sm text-amber-100">
          Make <span className="font-semibold text-white [overflow-wrap:anywhere]">{confirming}</span> an admin? They will be able to change products, orders,
          refunds and admins.
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
      <button type="submit" className="btn btn-primary sm:mt-7">
        Grant admin
      </button>
    </form>
  )
}

function AdminRow({ admin }: { admin: AdminAccount }) {
  const revoke = useRevokeAdmin()
  const [confirming, setConfirming] = useState(false)
  const run = () =>
    revoke.mutate(admin.userId, {
      onSuccess: () => toast.success(`${admin.email} is no longer an admin`),
      onError: (error) => {
        setConfirming(false)
        toast.error(error.message)
      },
    })

  const since = admin.adminSince ? <time dateTime={admin.adminSince}>{formatDate(admin.adminSince)}</time> : <span className="text-zinc-500">not recorded</span>

  return (
    <tr>
      <td className="px-4 py-3 align-top">
        <p className="text-zinc-100">
          <span className="[overflow-wrap:anywhere]">{admin.email}</span>
          {admin.you && (
            <span className="ml-2 inline-block rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-200">You</span>
          )}
        </p>
        {admin.name && <p className="mt-0.5 text-zinc-400">{admin.name}</p>}
        {/* Narrow screens: the date under the name, the column hidden. */}
        <p className="mt-0.5 text-xs text-zinc-400 sm:hidden">Admin since {since}</p>
      </td>
      <td className="hidden px-4 py-3 align-top whitespace-nowrap text-zinc-300 sm:table-cell">{since}</td>
      <td className="w-px px-4 py-3 text-right align-top">
        {admin.you ? (
          <span className="block w-28 text-xs text-zinc-500 sm:w-auto sm:whitespace-nowrap">Another admin must take your role</span>
        ) : confirming ? (
          <div className="flex flex-col items-end gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-danger"
              disabled={revoke.isPending}
              onClick={run}
              aria-label={`Confirm: revoke the admin role of ${admin.email}`}
            >
              Confirm revoke
            </button>
            <button type="button" className="btn btn-secondary" disabled={revoke.isPending} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} aria-label={`Revoke the admin role of ${admin.email}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  )
}
