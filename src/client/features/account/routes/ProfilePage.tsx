/**
 * /profile: the producer's account. Email read-only, full name editable, account created date,
 * ways to the download hub and order history, the product update and cart reminder emails choices, two-factor,
 * session scopes, and Sign Out (→ /).
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../../shared/dates.ts'
import { DownloadIcon } from '../../../components/Icons.tsx'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { useProfile } from '../api/get-profile.ts'
import { CartReminderEmailsSetting } from '../CartReminderEmailsSetting.tsx'
import { ProductUpdateEmailsSetting } from '../ProductUpdateEmailsSetting.tsx'
import { ProfileNameEditor } from '../ProfileNameEditor.tsx'
import { SessionControls } from '../SessionControls.tsx'
import { TwoFactorSettings } from '../TwoFactorSettings.tsx'
import { useSession, type SessionUser } from '../use-session.ts'
import { useSignOut } from '../use-sign-out.ts'

export default function ProfilePage() {
  const { user, isLoading } = useSession()
  return (
    <>
      <title>Your Profile | Audio Lab Store</title>
      {isLoading || !user ? <PageFallback /> : <ProfileContent user={user} />}
    </>
  )
}

function ProfileContent({ user }: { user: SessionUser }) {
  const profile = useProfile(user.id)
  const { refetch } = useSession()
  const { signingOut, signOut, leaveSignedOut } = useSignOut()

  const fullName = profile.data?.full_name ?? user.name
  const createdAt = profile.data ? new Date(profile.data.created_at) : user.createdAt
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-white">Your Profile</h1>
          <p className="mt-1 truncate text-zinc-400">{fullName || user.email}</p>
        </div>
        <button type="button" className="btn btn-secondary" disabled={signingOut} onClick={signOut}>
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </button>
      </div>

      <div className="mt-8 space-y-6">
        <Panel title="Account details">
          {profile.isError && (
            <p role="alert" className="mb-4 text-sm text-rose-300">
              {profile.error.message}
            </p>
          )}
          <div className="space-y-5">
            <div>
              <label htmlFor="profile-email" className="text-sm font-medium text-zinc-200">
                Email
              </label>
              <input id="profile-email" type="email" value={user.email} readOnly aria-describedby="profile-email-hint" className={`${INPUT_CLASS} mt-1.5`} />
              <p id="profile-email-hint" className="mt-1.5 text-xs text-zinc-400">
                Your email address can't be changed.
              </p>
            </div>
            {profile.isPending ? (
              <p className="text-sm text-zinc-400">Loading your profile…</p>
            ) : (
              <ProfileNameEditor userId={user.id} fullName={fullName} onSaved={() => void refetch()} />
            )}
            <div>
              <p className="text-sm font-medium text-zinc-200">Account created</p>
              <p className="mt-1.5 text-zinc-100">
                <time dateTime={createdAt.toISOString()}>{formatDate(createdAt)}</time>
              </p>
            </div>
          </div>
        </Panel>

        <Panel title="Your purchases">
          <p className="text-sm text-zinc-400">Download what you bought and look back at past orders.</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Link to="/download-hub" className="btn btn-primary">
              <DownloadIcon className="size-4" />
              Download Hub
            </Link>
            <Link to="/order-history" className="btn btn-secondary">
              Order History
            </Link>
          </div>
        </Panel>

        <Panel title="Emails">
          {profile.data ? (
            <ProductUpdateEmailsSetting userId={user.id} enabled={profile.data.product_update_emails} />
          ) : (
            <p className="text-sm text-zinc-400">{profile.isError ? 'Your email choices could not be loaded.' : 'Loading your email choices…'}</p>
          )}
          <div className="mt-5">
            <CartReminderEmailsSetting userId={user.id} />
          </div>
        </Panel>

        <Panel title="Two-factor authentication">
          <TwoFactorSettings enabled={user.twoFactorEnabled} onChanged={() => void refetch()} />
        </Panel>

        <Panel title="Sessions">
          <SessionControls onSignedOutEverywhere={leaveSignedOut} />
        </Panel>
      </div>
    </section>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}
