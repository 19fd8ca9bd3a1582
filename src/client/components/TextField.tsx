/** A labelled text input in the store's dark style, used by the account forms. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  hint?: ReactNode
}

export const INPUT_CLASS =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950/60 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 transition-colors focus:border-brand-400 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 read-only:border-zinc-800 read-only:text-zinc-400'

export function TextField({ label, hint, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input id={id} aria-describedby={hintId} className={INPUT_CLASS} {...input} />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  )
}
