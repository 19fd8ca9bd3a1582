/** The header's account control: "Sign In" for guests, a link to the profile (name or email) for signed-in producers. */
import { Link } from 'react-router'
import { UserIcon } from '../../components/Icons.tsx'
import { useSession } from './use-session.ts'

const CONTROL_CLASS =
  'inline-flex items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 px-3 py-2 text-sm font-medium text-zinc-100 transition-colors hover:border-zinc-600 hover:bg-zinc-800'

export function AccountMenu() {
  const { user, isLoading } = useSession()

  // Reserve the space while the session is read, so the header does not jump.
  if (isLoading) return <span aria-hidden="true" className="inline-block h-[38px] w-11 rounded-lg border border-zinc-800 bg-zinc-900 sm:w-24" />

  if (!user) {
    return (
      <Link to="/login" className={CONTROL_CLASS}>
        <UserIcon className="size-5" />
        <span>Sign In</span>
      </Link>
    )
  }

  const label = user.name.trim() || user.email
  return (
    <Link to="/profile" className={CONTROL_CLASS} title={label}>
      <UserIcon className="size-5 shrink-0" />
      <span className="sr-only">Account: </span>
      <span className="sr-only max-w-40 truncate sm:not-sr-only">{label}</span>
    </Link>
  )
}
