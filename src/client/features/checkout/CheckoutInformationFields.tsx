/**
 * The Information step's fields: email, names, company, address, apartment, city, then what the
 * country decides (country, its state/province/prefecture where it has them, postal code where it
 * has them, a business's VAT number where the store's tax mode makes it count) and phone. Email
 * and the names are enforced by the wizard, the country's rules under their fields; address, city
 * and phone are only marked.
 */
import { useId, type ChangeEvent } from 'react'
import type { BillingAddressErrors } from '../../../shared/address/billing-address.ts'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { asksVatNumber, type BillingCountry } from '../../tax/tax-place.ts'
import { useTaxMode } from '../../tax/use-tax-treatment.ts'
import { BillingCountryFields } from './BillingCountryFields.tsx'
import { MARKED_REQUIRED_FIELDS, type CheckoutField, type CheckoutInformation } from './checkout-form.ts'
import { FieldLabel } from './CheckoutFieldParts.tsx'
import { VatNumberField } from './VatNumberField.tsx'

interface CheckoutInformationFieldsProps {
  value: CheckoutInformation
  onChange: (value: CheckoutInformation) => void
  /** The country's rules that fail, shown under their fields (after the shopper tried to continue). */
  addressErrors?: BillingAddressErrors
  /** The server's refusal of the VAT number, shown under it. */
  vatNumberError?: string
  disabled?: boolean
}

interface FieldSpec {
  field: Exclude<CheckoutField, 'countryCode' | 'state' | 'postalCode' | 'vatNumber'>
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
const PHONE: FieldSpec = { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', wide: true }

const isMarkedRequired = (field: CheckoutField) => MARKED_REQUIRED_FIELDS.includes(field)

export function CheckoutInformationFields({ value, onChange, addressErrors = {}, vatNumberError, disabled = false }: CheckoutInformationFieldsProps) {
  const taxMode = useTaxMode()
  const set = (field: FieldSpec['field']) => (event: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: event.target.value })
  const setCountry = (country: BillingCountry) => onChange({ ...value, ...country })

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
        <BillingCountryFields
          value={{ countryCode: value.countryCode, state: value.state, postalCode: value.postalCode }}
          onChange={setCountry}
          errors={addressErrors}
          disabled={disabled}
        />
        {asksVatNumber(taxMode, value.countryCode) && (
          <VatNumberField
            // Another country checks the number by its own format.
            key={value.countryCode}
            value={value.vatNumber}
            countryCode={value.countryCode}
            onChange={(vatNumber) => onChange({ ...value, vatNumber })}
            serverError={vatNumberError}
            disabled={disabled}
          />
        )}
        {input(PHONE)}
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
