/**
 * The end of an owner's form: the error of a save the server refused, the notice of a save over
 * someone else's (with Reload), then Save (Saving… while it is sent) and Cancel when the form has one.
 */
import { StaleVersionNotice } from './StaleVersionNotice.tsx'

interface FormActionsProps {
  formError: string | null
  conflict: string | null
  onReload?: () => void
  saving: boolean
  submitLabel: string
  onCancel?: () => void
  /** The grid columns the form's full width spans (its own grid's classes). */
  fullWidth: string
}

export function FormActions({ formError, conflict, onReload, saving, submitLabel, onCancel, fullWidth }: FormActionsProps) {
  return (
    <>
      {formError && (
        <p role="alert" className={`text-sm text-red-300 ${fullWidth}`}>
          {formError}
        </p>
      )}
      {conflict && onReload && <StaleVersionNotice message={conflict} onReload={onReload} className={fullWidth} />}
      <div className={`flex gap-2 ${fullWidth}`}>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </>
  )
}
