/**
 * The category form (Name, Slug, Description), checked with the same schema the server uses
 * before it is sent; each field's error, the browser's or the server's, shows beside the field.
 * A save over a category someone else saved since it was opened shows their change is there,
 * with a Reload button.
 */
import { useId } from 'react'
import { categoryFormSchema, slugOf, type CategoryForm as CategoryFormValues } from '../../../../shared/contract/admin-categories.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { FormActions } from '../shell/FormActions.tsx'
import { useAdminForm } from '../shell/use-admin-form.ts'

interface CategoryFormProps {
  initial?: Partial<CategoryFormValues>
  submitLabel: string
  onSubmit: (values: CategoryFormValues) => Promise<unknown>
  onCancel?: () => void
  /** Shows the category as it is now (the Reload button of a save refused as stale). */
  onReload?: () => void
}

export function CategoryForm({ initial = {}, submitLabel, onSubmit, onCancel, onReload }: CategoryFormProps) {
  const id = useId()
  const { values, setValues, errors, saving, formError, conflict, submit } = useAdminForm({
    initial: { name: initial.name ?? '', slug: initial.slug ?? '', description: initial.description ?? '' },
    parse: (form) => categoryFormSchema.safeParse(form),
    onSubmit,
    failure: 'Failed to save the category',
    canReload: onReload !== undefined,
    ...(initial.name ? {} : { emptyAfterSave: { name: '', slug: '', description: '' } }),
  })

  const field = (name: keyof CategoryFormValues, label: string, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined}
        className={INPUT_CLASS}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1.5 text-xs text-red-300">
          {errors[name]}
        </p>
      ) : (
        hint && (
          <p id={`${id}-${name}-hint`} className="mt-1.5 text-xs text-zinc-400">
            {hint}
          </p>
        )
      )}
    </div>
  )

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-3">
      {field('name', 'Name')}
      {field('slug', 'Slug', values.slug ? undefined : `Left empty: ${slugOf(values.name) || 'made from the name'}`)}
      {field('description', 'Description')}
      <FormActions
        formError={formError}
        conflict={conflict}
        onReload={onReload}
        saving={saving}
        submitLabel={submitLabel}
        onCancel={onCancel}
        fullWidth="sm:col-span-3"
      />
    </form>
  )
}
