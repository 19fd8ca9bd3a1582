/**
 * The sale form: Name, the discount (a percent or an amount off each unit), what it applies to
 * (the whole store, chosen products or chosen categories, picked from the store's own), Starts
 * and Ends. Checked with the schema the server uses before it is sent; each field's error shows
 * beside it. Starts and Ends are picked in the owner's local time and sent as ISO times. A save
 * over a sale someone else saved since it was opened shows their change is there, with Reload.
 */
import { useId, useState } from 'react'
import { saleFormSchema, SALE_SCOPE_LABELS, type SaleForm } from '../../../../shared/contract/admin-sales.ts'
import { SALE_SCOPES, type SaleScope } from '../../../../shared/contract/selling.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { FormActions } from '../shell/FormActions.tsx'
import { useAdminForm } from '../shell/use-admin-form.ts'
import { toIso, toLocalInput } from './local-times.ts'
import { CategoryChoices, ProductChoices } from './ScopeChoices.tsx'

type DiscountKind = 'percent' | 'amount'

export const EMPTY_SALE_FORM: SaleForm = {
  name: '',
  percentOff: '',
  amountOff: '',
  scope: 'store',
  productIds: [],
  categoryIds: [],
  startsAt: '',
  endsAt: '',
}

interface SaleFormFieldsProps {
  initial: SaleForm
  submitLabel: string
  onSubmit: (form: SaleForm) => Promise<unknown>
  onCancel?: () => void
  /** Shows the sale as it is now (the Reload button of a save refused as stale). */
  onReload?: () => void
}

export function SaleFormFields({ initial, submitLabel, onSubmit, onCancel, onReload }: SaleFormFieldsProps) {
  const id = useId()
  const [kind, setKind] = useState<DiscountKind>(initial.amountOff ? 'amount' : 'percent')
  const [discount, setDiscount] = useState(initial.amountOff || initial.percentOff)
  const { values, setValues, errors, saving, formError, conflict, submit } = useAdminForm({
    initial: { ...initial, startsAt: toLocalInput(initial.startsAt), endsAt: toLocalInput(initial.endsAt) },
    parse: (form) =>
      saleFormSchema.safeParse({
        ...form,
        percentOff: kind === 'percent' ? discount : '',
        amountOff: kind === 'amount' ? discount.replace(/^\$/, '') : '',
        startsAt: toIso(form.startsAt),
        endsAt: toIso(form.endsAt),
      }),
    onSubmit,
    failure: 'Failed to save the sale',
    canReload: onReload !== undefined,
    ...(initial.name ? {} : { emptyAfterSave: EMPTY_SALE_FORM, onSaved: () => setDiscount('') }),
  })

  const errorOf = (key: keyof SaleForm) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-1.5 text-xs text-red-300">
        {errors[key]}
      </p>
    )
  const described = (key: keyof SaleForm) => (errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {})
  const label = (key: string, text: string) => (
    <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-medium text-zinc-200">
      {text}
    </label>
  )
  const textField = (key: 'name' | 'startsAt' | 'endsAt', text: string, input: { type?: string; placeholder?: string } = {}) => (
    <div>
      {label(key, text)}
      <input
        id={`${id}-${key}`}
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        className={INPUT_CLASS}
        {...described(key)}
        {...input}
      />
      {errorOf(key)}
    </div>
  )
  const discountError = errors.percentOff ?? errors.amountOff

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {textField('name', 'Name', { placeholder: 'Black Friday' })}
      <div>
        {label('kind', 'Discount')}
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as DiscountKind)} className={INPUT_CLASS}>
          <option value="percent">Percent off</option>
          <option value="amount">Amount off ($)</option>
        </select>
      </div>
      <div>
        {label('discount', kind === 'percent' ? 'Percent off' : 'Amount off ($)')}
        <input
          id={`${id}-discount`}
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          placeholder={kind === 'percent' ? '30' : '5.00'}
          className={INPUT_CLASS}
          {...(discountError ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-discount-error` } : {})}
        />
        {discountError && (
          <p id={`${id}-discount-error`} className="mt-1.5 text-xs text-red-300">
            {discountError}
          </p>
        )}
      </div>
      <div>
        {label('scope', 'Applies to')}
        <select
          id={`${id}-scope`}
          value={values.scope}
          onChange={(event) => setValues({ ...values, scope: event.target.value as SaleScope })}
          className={INPUT_CLASS}
        >
          {SALE_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {SALE_SCOPE_LABELS[scope]}
            </option>
          ))}
        </select>
      </div>
      {textField('startsAt', 'Starts', { type: 'datetime-local' })}
      {textField('endsAt', 'Ends', { type: 'datetime-local' })}
      {values.scope === 'products' && (
        <div className="sm:col-span-2 lg:col-span-4">
          <ProductChoices
            legend="Products"
            noneChosen="None chosen"
            chosen={values.productIds}
            error={errors.productIds}
            onChange={(productIds) => setValues({ ...values, productIds })}
          />
        </div>
      )}
      {values.scope === 'categories' && (
        <div className="sm:col-span-2 lg:col-span-4">
          <CategoryChoices
            legend="Categories"
            noneChosen="None chosen"
            chosen={values.categoryIds}
            error={errors.categoryIds}
            onChange={(categoryIds) => setValues({ ...values, categoryIds })}
          />
        </div>
      )}
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
