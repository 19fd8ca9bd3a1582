/** The pieces every checkout field shares: its label with the required mark, and the sentence under it when it is wrong. */

// A select always matches :read-only, so the input look's read-only dimming is left out.
export const SELECT_CLASS =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950/60 px-3 py-2.5 text-zinc-100 transition-colors focus:border-brand-400 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-500'

/** The label, with the required mark beside it rather than inside, so the field's name stays "Address", not "Address *". */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <div className="mb-1.5 flex gap-1 text-sm font-medium">
      <label htmlFor={htmlFor} className="text-zinc-200">
        {label}
      </label>
      {required && (
        <span aria-hidden="true" className="text-red-400">
          *
        </span>
      )}
    </div>
  )
}

/** The field's error sentence; the control names it with aria-describedby, so it is read when the field is focused. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 text-sm text-red-300">
      {message}
    </p>
  )
}
