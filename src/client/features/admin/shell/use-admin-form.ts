/**
 * What the console's record forms (a sale, a promo code, a category) share: the values being
 * edited, each field's error, and a save that checks the values with the schema the server uses
 * before sending them. A field the server refuses shows under that field; a save over a record
 * someone else saved since the form was opened becomes the stale notice (where the form can
 * reload); any other refusal shows above the Save button. A form that creates empties after a save.
 */
import { useState, type FormEvent } from 'react'
import type { ZodSafeParseResult } from 'zod'
import { ApiError } from '../../../api/http.ts'
import { isStaleVersion } from './StaleVersionNotice.tsx'

export interface AdminFormOptions<Values, Form> {
  initial: Values
  /** The values as the server's schema reads them (the form's own fields turned into the contract's). */
  parse: (values: Values) => ZodSafeParseResult<Form>
  onSubmit: (form: Form) => Promise<unknown>
  /** The sentence when a save fails for no reason the server named. */
  failure: string
  /** True where the form offers Reload: a stale save then shows the stale notice. */
  canReload: boolean
  /** A form that creates: the values it returns to after each save. */
  emptyAfterSave?: Values
  /** Runs after a save succeeds (a form with state of its own resets it here). */
  onSaved?: () => void
}

export function useAdminForm<Values extends object, Form>({
  initial,
  parse,
  onSubmit,
  failure,
  canReload,
  emptyAfterSave,
  onSaved,
}: AdminFormOptions<Values, Form>) {
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [saving, setSaving] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    setConflict(null)
    const parsed = parse(values)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    setSaving(true)
    try {
      await onSubmit(parsed.data)
      if (emptyAfterSave) setValues(emptyAfterSave)
      onSaved?.()
    } catch (error) {
      if (isStaleVersion(error) && canReload) setConflict(error.message)
      else if (error instanceof ApiError && error.field && error.field in values) setErrors({ [error.field]: error.message })
      else setFormError(error instanceof Error ? error.message : failure)
    } finally {
      setSaving(false)
    }
  }

  return { values, setValues, errors, saving, formError, conflict, submit }
}
