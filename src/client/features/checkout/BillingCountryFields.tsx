/**
 * Country, region and postal code: the part of a billing address its country decides. Every
 * country is offered (by name, sent as its code); the region is a list of the country's
 * states, provinces or prefectures, labelled as that country names them, shown only where its
 * addresses have one; the postal code is shown where the country has postal codes. Each field
 * shows its error sentence under it. Used by the checkout's Information step and Buy Now.
 */
import { useId } from 'react'
import type { BillingAddressErrors } from '../../../shared/address/billing-address.ts'
import { COUNTRIES } from '../../../shared/address/countries.ts'
import { postalCodeRuleOf } from '../../../shared/address/postal-codes.ts'
import { regionLabelOf, regionsOf } from '../../../shared/address/regions.ts'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import type { BillingCountry } from '../../tax/tax-place.ts'
import { FieldError, FieldLabel, SELECT_CLASS } from './CheckoutFieldParts.tsx'

interface BillingCountryFieldsProps {
  value: BillingCountry
  onChange: (value: BillingCountry) => void
  errors: BillingAddressErrors
  disabled?: boolean
}

const INVALID = 'aria-[invalid=true]:border-red-500'

export function BillingCountryFields({ value, onChange, errors, disabled = false }: BillingCountryFieldsProps) {
  const id = useId()
  const regions = regionsOf(value.countryCode)
  const regionLabel = regionLabelOf(value.countryCode)
  const postalRule = postalCodeRuleOf(value.countryCode)
  const described = (field: keyof BillingAddressErrors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {})

  return (
    <>
      <div>
        <FieldLabel htmlFor={`${id}-country`} label="Country" required />
        <select
          id={`${id}-country`}
          value={value.countryCode}
          // Another country has other regions: the chosen one no longer applies.
          onChange={(event) => onChange({ ...value, countryCode: event.target.value, state: '' })}
          required
          disabled={disabled}
          autoComplete="country"
          className={SELECT_CLASS}
          {...described('countryCode')}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-countryCode-error`} message={errors.countryCode} />
      </div>
      {regions.length > 0 && (
        <div>
          <FieldLabel htmlFor={`${id}-region`} label={regionLabel.label} required />
          <select
            id={`${id}-region`}
            value={value.state}
            onChange={(event) => onChange({ ...value, state: event.target.value })}
            required
            disabled={disabled}
            autoComplete="address-level1"
            className={SELECT_CLASS}
            {...described('state')}
          >
            <option value="">{`Select a ${regionLabel.noun}`}</option>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-state-error`} message={errors.state} />
        </div>
      )}
      {postalRule !== 'none' && (
        <div>
          <FieldLabel
            htmlFor={`${id}-postal`}
            label={postalRule === 'optional' ? 'Postal code (optional)' : 'Postal code'}
            required={postalRule === 'required'}
          />
          <input
            id={`${id}-postal`}
            type="text"
            value={value.postalCode}
            onChange={(event) => onChange({ ...value, postalCode: event.target.value })}
            required={postalRule === 'required'}
            disabled={disabled}
            autoComplete="postal-code"
            maxLength={40}
            className={`${INPUT_CLASS} ${INVALID}`}
            {...described('postalCode')}
          />
          <FieldError id={`${id}-postalCode-error`} message={errors.postalCode} />
        </div>
      )}
    </>
  )
}
