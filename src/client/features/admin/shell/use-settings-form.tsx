/**
 * What the owner's settings forms (store settings, tax settings) share: the values being edited,
 * each field's error by its path, and a save that checks the values with the schema the server
 * uses before sending them. A refused field takes the owner to it; a save over settings someone
 * else saved since the form was opened becomes the stale notice (with its Reload); any other
 * refusal shows above the Save button.
 */
import { useState, type FormEvent, type ReactNode } from 'react'
import type { ZodType } from 'zod'
import { ApiError } from '../../../api/http.ts'
import { isStaleVersion, StaleVersionNotice } from './StaleVersionNotice.tsx'

/** Field errors by path: `storeName`, `socialLinks.1.url`, or `socialLinks` for a list as a whole. */
export type FieldErrors = Record<string, string>

export function useSettingsForm<Values>(schema: ZodType<Values>, initial: Values, onSubmit: (form: Values) => Promise<unknown>, failure: string) {
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    setConflict(null)
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      const found: FieldErrors = {}
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message
      setErrors(found)
      // The first field to fix may be far up the form: take the owner there.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setSaving(true)
    try {
      await onSubmit(parsed.data)
    } catch (error) {
      if (isStaleVersion(error)) setConflict(error.message)
      else if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message })
      else setFormError(error instanceof Error ? error.message : failure)
    } finally {
      setSaving(false)
    }
  }

  return { values, setValues, errors, setErrors, saving, formError, conflict, submit }
}

/** A titled group of a settings form (a fieldset: its legend names the group, not a field). */
export function SettingsSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div>
        <h2 className="text-base font-semibold text-white">{title}</h2>
        <p className="mt-1 text-sm text-zinc-400">{description}</p>
      </div>
      {children}
    </fieldset>
  )
}

/** The end of a settings form: why the save was refused, the stale notice with its Reload, and Save. */
export function SettingsFormFooter({
  form,
  saveLabel,
  onReload,
}: {
  form: Pick<ReturnType<typeof useSettingsForm>, 'errors' | 'saving' | 'formError' | 'conflict'>
  saveLabel: string
  onReload: () => void
}) {
  return (
    <>
      {form.formError && (
        <p role="alert" className="text-sm text-red-300">
          {form.formError}
        </p>
      )}
      {Object.keys(form.errors).length > 0 && (
        <p role="alert" className="text-sm text-red-300">
          Some settings need a change before they can be saved: see the notes in red.
        </p>
      )}
      {form.conflict && <StaleVersionNotice message={form.conflict} onReload={onReload} />}
      <div>
        <button type="submit" className="btn btn-primary" disabled={form.saving}>
          {form.saving ? 'Saving…' : saveLabel}
        </button>
      </div>
    </>
  )
}
