/**
 * The owner console's frame: a heading, the console's sections as tabs (the routes of
 * admin-routes.ts that have one), and the section's page. A shopper who opens it sees "Admins
 * only" (the API answers 403); a guest never gets here (the route sends them to sign in). Support
 * staff see only the sections marked `support` (the API refuses them the rest): the dashboard
 * sends them to the orders, any other page says only an admin can open it.
 */
import type { ReactNode } from 'react'
import { Link, Navigate, NavLink, useLocation } from 'react-router'
import { ApiError } from '../../../api/http.ts'
import { ADMIN_ROOT, ADMIN_ROUTES } from './admin-routes.ts'
import { useIsSupportStaff } from './staff-role.ts'

/** The console's sections: each route of the list with a tab, in the list's order. */
const SECTIONS = ADMIN_ROUTES.flatMap(({ path, tab }) => (tab ? [{ to: path, ...tab }] : []))

const SUPPORT_SECTIONS = SECTIONS.filter((section) => section.support)
const isSupportPath = (pathname: string) => SUPPORT_SECTIONS.some((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))

export function AdminLayout({ children }: { children: ReactNode }) {
  const support = useIsSupportStaff()
  const { pathname } = useLocation()
  if (support && pathname.replace(/\/$/, '') === ADMIN_ROOT) return <Navigate to={SUPPORT_SECTIONS[0]?.to ?? '/'} replace />
  const sections = support ? SUPPORT_SECTIONS : SECTIONS
  return (
    <section className="container-page py-8 sm:py-10">
      <p className="text-xs font-semibold tracking-[0.2em] text-brand-300 uppercase">Owner console</p>
      <nav aria-label="Owner console" className="mt-3 flex gap-1 overflow-x-auto border-b border-zinc-800">
        {sections.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              `-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-400 text-white' : 'border-transparent text-zinc-400 hover:text-zinc-100'}`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">{support && !isSupportPath(pathname) ? <OnlyAnAdmin /> : children}</div>
    </section>
  )
}

/** What support staff see on a page of the console that is the admin's. */
function OnlyAnAdmin() {
  return (
    <div role="alert" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center">
      <h1 className="text-xl font-semibold text-white">Only an admin can open this page</h1>
      <p className="mt-2 text-zinc-400">
        Your support account can look up{' '}
        <Link to="/admin/orders" className="text-brand-300 underline hover:text-brand-200">
          orders
        </Link>{' '}
        and{' '}
        <Link to="/admin/customers" className="text-brand-300 underline hover:text-brand-200">
          customers
        </Link>
        , resend receipts and add downloads. Ask an admin for anything else.
      </p>
    </div>
  )
}

/** What a section shows when its data could not be read: "Admins only" for a 403, else the error with Retry. */
export function AdminLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <div role="alert" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center">
        <h1 className="text-xl font-semibold text-white">Admins only</h1>
        <p className="mt-2 text-zinc-400">This account cannot open the owner console. Sign in with the store owner's account.</p>
      </div>
    )
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl border border-red-900/70 bg-red-950/30 p-8 text-center">
      <p className="text-red-200">{error instanceof Error ? error.message : 'Something went wrong'}</p>
      <button type="button" onClick={onRetry} className="btn btn-secondary">
        Retry
      </button>
    </div>
  )
}
