/** The profile's full-name row: view, edit (Save / Cancel) and saving states, with its success and failure toasts. */
import { useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { FULL_NAME_MAX_LENGTH } from '../../../shared/contract/profile.ts'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { useUpdateProfile } from './api/update-profile.ts'
import { AUTH_FALLBACK, describeAuthError } from './auth-errors.ts'

export const PROFILE_TOAST = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
} as const

interface ProfileNameEditorProps {
  userId: string
  fullName: string
  /** Called after a successful save (the header shows the name, so the session is re-read). */
  onSaved?: () => void
}

export function ProfileNameEditor({ userId, fullName, onSaved }: ProfileNameEditorProps) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(fullName)
  const update = useUpdateProfile(userId)

  function startEditing() {
    setDraft(fullName)
    update.reset()
    setEditing(true)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    update.mutate(
      { full_name: draft.trim() },
      {
        onSuccess: () => {
          toast.success(PROFILE_TOAST.updated)
          setEditing(false)
          onSaved?.()
        },
        onError: () => {
          toast.error(PROFILE_TOAST.failed)
        },
      },
    )
  }

  if (!editing) {
    return (
      <div>
        <p className="text-sm font-medium text-zinc-200">Full name</p>
        <div className="mt-1.5 flex items-center justify-between gap-3">
          <p className={fullName ? 'min-w-0 break-words text-zinc-100' : 'text-zinc-400 italic'}>{fullName || 'Not set'}</p>
          <button type="button" className="btn btn-secondary shrink-0 px-3 py-1.5" onClick={startEditing}>
            Edit
          </button>
        </div>
      </div>
    )
  }

  const saving = update.isPending
  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor="profile-full-name" className="text-sm font-medium text-zinc-200">
        Full name
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id="profile-full-name"
          name="fullName"
          autoComplete="name"
          autoFocus
          maxLength={FULL_NAME_MAX_LENGTH}
          value={draft}
          disabled={saving}
          onChange={(event) => setDraft(event.target.value)}
          className={`${INPUT_CLASS} min-w-0 flex-1`}
        />
        <div className="flex gap-2">
          <button type="submit" disabled={saving} className="btn btn-primary flex-1 sm:flex-none">
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" disabled={saving} className="btn btn-secondary flex-1 sm:flex-none" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </div>
      {update.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {describeAuthError(update.error, AUTH_FALLBACK.profileUpdate)}
        </p>
      )}
    </form>
  )
}
