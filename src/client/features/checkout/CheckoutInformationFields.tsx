/**
 * The Information step's fields: email, names, company, address, apartment, city,
 * country (the four billing countries), state/province, postal code and phone. Email and the
 * names are enforced by the wizard; the other required fields are only marked.
 */
import { useId, type ChangeEvent } from 'react'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { BILLING_COUNTRIES, isBillingCountry, MARKED_REQUIRED_FIELDS, type CheckoutField, type CheckoutInformation } from './checkout-form.ts'

interface CheckoutInformationFieldsProps {
  value: CheckoutInformation
  onChange: (value: CheckoutInformation) => void
  disabled?: boolean
}

interface FieldSpec {
  field: Exclude<CheckoutField, 'country'>
  label: string
  type?: 'email' | 'tel' | 'text'
  autoComplete: string
  wide?: boolean
}

const CONTACT: FieldSpec = { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true }
const NAMES: FieldSpec[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
]
const ADDRESS: FieldSpec[] = [
  { field: 'company', label: 'Company (optional)', autoComplete: 'organization', wide: true },
  { field: 'address', label: 'Address', autoComplete: 'address-line1', wide: true },
  { field: 'apartment', label: 'Apartment, suite, etc. (optional)', autoComplete: 'address-line2', wide: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
]
const REGION: FieldSpec[] = [
  { field: 'state', label: 'State / Province', autoComplete: 'address-level1' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', wide: true },
]

// A select always matches :read-only, so the input look's read-only dimming is left out.
const SELECT_CLASS =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950/60 px-3 py-2.5 text-zinc-100 transition-colors focus:border-brand-400 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60'

const isMarkedRequired = (field: CheckoutField) => MARKED_REQUIRED_FIELDS.includes(field)

export function CheckoutInformationFields({ value, onChange, disabled = false }: CheckoutInformationFieldsProps) {
  const countryId = useId()
  const set = (field: CheckoutField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = event.target.value
    if (field === 'country' && !isBillingCountry(next)) return
    onChange({ ...value, [field]: next })
  }

  const input = (spec: FieldSpec) => <Field key={spec.field} spec={spec} value={value[spec.field]} onChange={set(spec.field)} disabled={disabled} />

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold text-white">Contact</legend>
        {input(CONTACT)}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-white">Billing address</legend>
        {NAMES.map(input)}
        {ADDRESS.map(input)}
        <div>
          <FieldLabel htmlFor={countryId} label="Country" required />
          <select
            id={countryId}
            value={value.country}
            onChange={set('country')}
            required
            disabled={disabled}
            autoComplete="country-name"
            className={SELECT_CLASS}
          >
            {BILLING_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </div>
        {REGION.map(input)}
      </fieldset>
    </div>
  )
}

function Field({
  spec,
  value,
  onChange,
  disabled,
}: {
  spec: FieldSpec
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  disabled: boolean
}) {
  const id = useId()
  const required = isMarkedRequired(spec.field)
  return (
    <div className={spec.wide ? 'sm:col-span-2' : undefined}>
      <FieldLabel htmlFor={id} label={spec.label} required={required} />
      <input
        id={id}
        type={spec.type ?? 'text'}
        value={value}
        onChange={onChange}
        required={required}
        disabled={disabled}
        autoComplete={spec.autoComplete}
        inputMode={spec.type === 'tel' ? 'tel' : undefined}
        maxLength={200}
        className={INPUT_CLASS}
      />
    </div>
  )
}

/** The label, with the required mark beside it rather than inside, so the field's name stays "Address", not "Address *". */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
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
