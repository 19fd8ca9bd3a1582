/**
 * One of the profile's email choices: a checkbox with its label and a hint of what the emails are.
 * It saves as soon as it changes (disabled while saving); the profile's toasts say how it went.
 */
import toast from 'react-hot-toast'
import { PROFILE_TOAST } from './ProfileNameEditor.tsx'

/** The toasts of a saved choice, passed to the save's mutate. */
export const PROFILE_SAVE_TOASTS = {
  onSuccess: () => toast.success(PROFILE_TOAST.updated),
  onError: () => toast.error(PROFILE_TOAST.failed),
}

interface ProfileEmailCheckboxProps {
  id: string
  label: string
  hint: string
  checked: boolean
  saving: boolean
  onChange: (next: boolean) => void
}

export function ProfileEmailCheckbox({ id, label, hint, checked, saving, onChange }: ProfileEmailCheckboxProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={saving}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-500"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      </div>
    </div>
  )
}
