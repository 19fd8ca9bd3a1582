/**
 * The promo code form (Code, Percent off or Amount off, Starts, Ends, Max uses, Minimum subtotal,
 * Budget, the products and categories it is limited to, Not on sale items, Once per customer,
 * Active), checked with the schema the server uses before it is sent; each field's error shows
 * beside it. Starts and Ends are picked in the owner's local time and sent as ISO times
 * (checked as real dates and times, as the server checks them). A save over a code someone else
 * saved since it was opened shows their change is there, with a Reload button.
 */
import { useId } from 'react'
import { EMPTY_PROMO_FORM, promoCodeFormSchema, type PromoCodeForm } from '../../../../shared/contract/admin-promo-codes.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { FormActions } from '../shell/FormActions.tsx'
import { useAdminForm } from '../shell/use-admin-form.ts'
import { PromoScopeFields } from './PromoScopeFields.tsx'
import { toIso, toLocalInput } from './local-times.ts'

interface PromoCodeFormFieldsProps {
  initial: PromoCodeForm
  submitLabel: string
  onSubmit: (form: PromoCodeForm) => Promise<unknown>
  onCancel?: () => void
  /** Shows the code as it is now (the Reload button of a save refused as stale). */
  onReload?: () => void
}

export function PromoCodeFormFields({ initial, submitLabel, onSubmit, onCancel, onReload }: PromoCodeFormFieldsProps) {
  const id = useId()
  const { values, setValues, errors, saving, formError, conflict, submit } = useAdminForm({
    initial: { ...initial, startsAt: toLocalInput(initial.startsAt), endsAt: toLocalInput(initial.endsAt) },
    parse: (form) => promoCodeFormSchema.safeParse({ ...form, startsAt: toIso(form.startsAt), endsAt: toIso(form.endsAt) }),
    onSubmit,
    failure: 'Failed to save the promo code',
    canReload: onReload !== undefined,
    ...(initial.code ? {} : { emptyAfterSave: EMPTY_PROMO_FORM }),
  })

  const field = (key: keyof PromoCodeForm, label: string, input: { type?: string; inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={values[key] as string}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={INPUT_CLASS}
        {...input}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="mt-1.5 text-xs text-red-300">
          {errors[key]}
        </p>
      )}
    </div>
  )
  const flag = (key: 'oncePerCustomer' | 'active' | 'excludeSaleItems', label: string) => (
    <label className="flex items-center gap-2 text-sm text-zinc-200">
      <input
        type="checkbox"
        checked={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.checked })}
        className="size-4 accent-brand-500"
      />
      {label}
    </label>
  )

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {field('code', 'Code', { placeholder: 'SPRING15' })}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-zinc-200">Discount</legend>
        {(['percent', 'amount'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={values.kind === kind}
              onChange={() => setValues({ ...values, kind })}
              className="size-4 accent-brand-500"
            />
            {kind === 'percent' ? 'Percent' : 'Fixed amount'}
          </label>
        ))}
      </fieldset>
      {values.kind === 'percent'
        ? field('percentOff', 'Percent off', { inputMode: 'numeric', placeholder: '15' })
        : field('amountOff', 'Amount off', { inputMode: 'decimal', placeholder: '5.00' })}
      {field('budget', 'Budget', { inputMode: 'decimal', placeholder: 'No budget' })}
      {field('startsAt', 'Starts', { type: 'datetime-local' })}
      {field('endsAt', 'Ends', { type: 'datetime-local' })}
      {field('maxUses', 'Max uses', { inputMode: 'numeric', placeholder: 'Unlimited' })}
      {field('minSubtotal', 'Minimum subtotal', { inputMode: 'decimal', placeholder: 'No minimum' })}
      <PromoScopeFields
        productIds={values.productIds}
        categoryIds={values.categoryIds}
        onChange={(scope) => setValues({ ...values, ...scope })}
        productError={errors.productIds}
        categoryError={errors.categoryIds}
      />
      <div className="flex flex-col justify-end gap-2 sm:col-span-2 lg:col-span-4">
        {flag('excludeSaleItems', 'Not on sale items')}
        {flag('oncePerCustomer', 'Once per customer')}
        {flag('active', 'Active')}
      </div>
      <FormActions
        formError={formError}
        conflict={conflict}
        onReload={onReload}
        saving={saving}
        submitLabel={submitLabel}
        onCancel={onCancel}
        fullWidth="sm:col-span-2 lg:col-span-4"
      />
    </form>
  )
}
