/**
 * The tax settings form: how the store charges tax (the flat 8 % estimate, the buyer's country's
 * rate, or Stripe Tax), whether prices include tax, and the seller as invoices name them. It is
 * checked with the schema the server uses before it is sent (any mode but the flat estimate needs
 * the seller's country and legal name); each field's error shows beside it. A save over settings
 * someone else saved since the form was opened shows the stale notice with a Reload button.
 */
import { useId } from 'react'
import { COUNTRIES } from '../../../../shared/address/countries.ts'
import { TAX_MODE_LABELS, TAX_SETTINGS_LIMITS, taxSettingsFormSchema, type TaxSettingsForm as TaxSettingsValues } from '../../../../shared/contract/tax.ts'
import { TAX_MODES, type TaxMode } from '../../../../shared/tax/tax-types.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { SettingsFormFooter, SettingsSection, useSettingsForm } from '../shell/use-settings-form.tsx'

// A select always matches :read-only, so the input look's read-only dimming is left out.
const SELECT_CLASS =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950/60 px-3 py-2.5 text-zinc-100 transition-colors focus:border-brand-400 focus:outline-none aria-[invalid=true]:border-red-500'

const MODE_DESCRIPTIONS: Record<TaxMode, string> = {
  flat: 'Every order adds 8 % of the subtotal after discounts, shown as "Estimated tax (8%)", wherever the buyer is.',
  'by-country':
    "Each buyer pays their country's VAT, GST or sales tax (by state or province in the US and Canada) at the rates below. An EU business with a valid VAT number from another country than yours pays no VAT: reverse charge.",
  stripe: 'Stripe computes the tax when the buyer pays. Before that, the cart shows the rates below.',
}

type SellerKey = 'sellerLegalName' | 'sellerAddress' | 'sellerTaxNumber'

interface TaxSettingsFormProps {
  initial: TaxSettingsValues
  /** The store takes payments through Stripe; otherwise Stripe Tax is imitated from the rates. */
  stripeTaxAvailable: boolean
  onSubmit: (form: TaxSettingsValues) => Promise<unknown>
  /** Shows the settings as they are now (the Reload button of a save refused as stale). */
  onReload: () => void
}

export function TaxSettingsForm({ initial, stripeTaxAvailable, onSubmit, onReload }: TaxSettingsFormProps) {
  const id = useId()
  const { values, setValues, errors, saving, formError, conflict, submit } = useSettingsForm(
    taxSettingsFormSchema,
    initial,
    onSubmit,
    'Failed to save the tax settings',
  )

  const described = (key: keyof TaxSettingsValues, hint?: boolean) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [errors[key] && `${id}-${key}-error`, hint && `${id}-${key}-hint`].filter(Boolean).join(' ') || undefined,
  })
  const fieldError = (key: keyof TaxSettingsValues) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-1 text-xs text-red-300">
        {errors[key]}
      </p>
    )
  const seller = (key: SellerKey, label: string, hint: string, max: number, multiline = false) => {
    const props = {
      id: `${id}-${key}`,
      name: key,
      value: values[key],
      maxLength: max,
      className: `${INPUT_CLASS} aria-[invalid=true]:border-red-500`,
      ...described(key, true),
    }
    return (
      <div className={multiline ? 'sm:col-span-2' : undefined}>
        <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium text-zinc-200">
          {label}
        </label>
        {multiline ? (
          <textarea {...props} rows={3} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        ) : (
          <input {...props} type="text" onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        )}
        <p id={`${id}-${key}-hint`} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
        {fieldError(key)}
      </div>
    )
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <SettingsSection title="How tax is charged" description="Applies to the cart, checkout and every order from the moment you save.">
        <fieldset className="grid gap-3">
          <legend className="sr-only">Tax mode</legend>
          {TAX_MODES.map((mode) => (
            <label
              key={mode}
              className={`flex cursor-pointer gap-3 rounded-xl border p-3 sm:p-4 ${values.mode === mode ? 'border-brand-400 bg-brand-500/10' : 'border-zinc-800 hover:border-zinc-700'}`}
            >
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={values.mode === mode}
                onChange={() => setValues({ ...values, mode })}
                // Named by its title alone, described by the sentence under it.
                aria-labelledby={`${id}-${mode}-title`}
                aria-describedby={`${id}-${mode}-description`}
                className="mt-1 size-4 shrink-0 accent-brand-500"
              />
              <span>
                <span id={`${id}-${mode}-title`} className="block text-sm font-semibold text-white">
                  {TAX_MODE_LABELS[mode]}
                </span>
                <span id={`${id}-${mode}-description`} className="mt-1 block text-sm text-zinc-400">
                  {MODE_DESCRIPTIONS[mode]}
                </span>
                {mode === 'stripe' && !stripeTaxAvailable && (
                  <span className="mt-2 block text-xs text-amber-200">
                    This store takes payments with the built-in test provider, which imitates Stripe Tax from the rates below.
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-3 text-sm text-zinc-200">
          <input
            type="checkbox"
            checked={values.pricesIncludeTax}
            onChange={(event) => setValues({ ...values, pricesIncludeTax: event.target.checked })}
            aria-describedby={`${id}-inclusive-hint`}
            className="mt-0.5 size-4 shrink-0 accent-brand-500"
          />
          <span>
            My prices include tax
            <span id={`${id}-inclusive-hint`} className="mt-1 block text-xs text-zinc-400">
              Buyers in the EU expect prices with VAT included: the tax is then part of the price, and a buyer pays the price shown wherever they are. The flat
              estimate always adds its 8 %.
            </span>
          </span>
        </label>
      </SettingsSection>

      <SettingsSection
        title="Seller on invoices"
        description="Who sells, as every invoice and credit note names you. Taxing by country or with Stripe Tax needs your country and legal name."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-sellerCountry`} className="mb-1.5 block text-sm font-medium text-zinc-200">
              Country
            </label>
            <select
              id={`${id}-sellerCountry`}
              name="sellerCountry"
              value={values.sellerCountry}
              onChange={(event) => setValues({ ...values, sellerCountry: event.target.value })}
              className={SELECT_CLASS}
              {...described('sellerCountry')}
            >
              <option value="">Select a country</option>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {fieldError('sellerCountry')}
          </div>
          {seller('sellerLegalName', 'Legal name', 'As registered: "Audio Lab SAS", "Jane Doe Music Ltd".', TAX_SETTINGS_LIMITS.legalName)}
          {seller('sellerTaxNumber', 'VAT or tax number', 'Printed on invoices, for example FR40303265045.', TAX_SETTINGS_LIMITS.taxNumber)}
          {seller('sellerAddress', 'Address', 'As invoices print it, on several lines.', TAX_SETTINGS_LIMITS.address, true)}
        </div>
      </SettingsSection>

      <SettingsFormFooter form={{ errors, saving, formError, conflict }} saveLabel="Save tax settings" onReload={onReload} />
    </form>
  )
}
