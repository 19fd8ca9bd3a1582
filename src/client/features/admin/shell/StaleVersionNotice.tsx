/**
 * The answer to a save over a record someone else saved since it was opened (a 409
 * STALE_VERSION): their message and a Reload button. The owner's typed values stay in the form
 * until they click it; reloading shows the record as it is now, to edit again.
 */
import { STALE_VERSION } from '../../../../shared/contract/strict-input.ts'
import { ApiError } from '../../../api/http.ts'

/** Whether a save was refused because the record changed since the form was opened. */
export function isStaleVersion(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === STALE_VERSION
}

export function StaleVersionNotice({ message, onReload, className = '' }: { message: string; onReload: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-amber-800/70 bg-amber-950/40 p-4 text-sm text-amber-200 ${className}`}
    >
      <p className="flex-1">{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onReload}>
        Reload
      </button>
    </div>
  )
}
