/**
 * The product form's fields, labelled as the owner reads them, each with its error beside it
 * (from the shared schema in the browser, or from the server). Key and genre suggest what the
 * store knows (the 24 keys, the genres of its products) but take any key or mode as written.
 * Pricing is a fixed price (with an optional original price) or pay what you want (a minimum
 * and the suggested price the buyer's field starts at).
 */
import { Fragment, useId, type ReactNode } from 'react'
import type { ProductForm } from '../../../../shared/contract/admin-products.ts'
import type { AdminCategory } from '../../../../shared/contract/admin-categories.ts'
import { SOUND_TYPES } from '../../../../shared/contract/catalog-filters.ts'
import type { PriceModel } from '../../../../shared/contract/selling.ts'
import { MUSIC_KEYS } from '../../../../shared/music-keys.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'

export type ProductFieldErrors = Partial<Record<keyof ProductForm, string>>

const PRICING_CHOICES: { id: PriceModel; label: string }[] = [
  { id: 'fixed', label: 'Fixed price' },
  { id: 'pwyw', label: 'Pay what you want' },
]

interface ProductFormFieldsProps {
  values: ProductForm
  errors: ProductFieldErrors
  categories: AdminCategory[]
  /** Genres the store's products already have, offered as the genre is typed. */
  genres?: string[]
  onChange: (values: ProductForm) => void
}

type TextKey = { [K in keyof ProductForm]: ProductForm[K] extends string ? K : never }[keyof ProductForm]
type FlagKey = { [K in keyof ProductForm]: ProductForm[K] extends boolean ? K : never }[keyof ProductForm]

export function ProductFormFields({ values, errors, categories, genres = [], onChange }: ProductFormFieldsProps) {
  const id = useId()
  const describedBy = (key: keyof ProductForm) => (errors[key] ? `${id}-${key}-error` : undefined)
  const error = (key: keyof ProductForm) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-1.5 text-xs text-red-300">
        {errors[key]}
      </p>
    )
  const wrap = (key: keyof ProductForm, label: string, control: ReactNode, wide = false) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control}
      {error(key)}
    </div>
  )
  const text = (key: TextKey, label: string, extra: { inputMode?: 'decimal' | 'numeric'; placeholder?: string; list?: string } = {}) =>
    wrap(
      key,
      label,
      <input
        id={`${id}-${key}`}
        value={values[key]}
        onChange={(event) => onChange({ ...values, [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key)}
        className={INPUT_CLASS}
        {...extra}
      />,
    )
  const flag = (key: FlagKey, label: string) => (
    <label className="flex items-center gap-2 text-sm text-zinc-200">
      <input
        type="checkbox"
        checked={values[key]}
        onChange={(event) => onChange({ ...values, [key]: event.target.checked })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key)}
        className="size-4 accent-brand-500"
      />
      {label}
    </label>
  )
  const flagKeys: FlagKey[] = ['active', 'featured', 'isNew', 'digitalDownload']

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {wrap(
        'name',
        'Name',
        <input
          id={`${id}-name`}
          value={values.name}
          onChange={(event) => onChange({ ...values, name: event.target.value })}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          className={INPUT_CLASS}
        />,
        true,
      )}
      {wrap(
        'description',
        'Description',
        <textarea
          id={`${id}-description`}
          rows={5}
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          className={INPUT_CLASS}
        />,
        true,
      )}
      <fieldset className="sm:col-span-2" aria-describedby={describedBy('priceModel')}>
        <legend className="mb-2 text-sm font-medium text-zinc-200">Pricing</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {PRICING_CHOICES.map((choice) => (
            <label key={choice.id} className="flex items-center gap-2 text-sm text-zinc-200">
              <input
                type="radio"
                name={`${id}-priceModel`}
                value={choice.id}
                checked={values.priceModel === choice.id}
                onChange={() => onChange({ ...values, priceModel: choice.id })}
                className="size-4 accent-brand-500"
              />
              {choice.label}
            </label>
          ))}
        </div>
        {error('priceModel')}
      </fieldset>
      {values.priceModel === 'pwyw' ? (
        <>
          {text('minimumPrice', 'Minimum price', { inputMode: 'decimal', placeholder: '5.00' })}
          {text('price', 'Suggested price', { inputMode: 'decimal', placeholder: '10.00' })}
        </>
      ) : (
        <>
          {text('price', 'Price', { inputMode: 'decimal', placeholder: '29.99' })}
          {text('originalPrice', 'Original price', { inputMode: 'decimal', placeholder: 'Empty unless on sale' })}
        </>
      )}
      {wrap(
        'categoryId',
        'Category',
        <select
          id={`${id}-categoryId`}
          value={values.categoryId}
          onChange={(event) => onChange({ ...values, categoryId: event.target.value })}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={describedBy('categoryId')}
          className={INPUT_CLASS}
        >
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>,
      )}
      {text('tags', 'Tags', { placeholder: 'drums, lo-fi, tape' })}
      {text('purchaseLimit', 'Purchase limit', { inputMode: 'numeric', placeholder: 'No limit' })}
      {text('downloadLimit', 'Download limit', { inputMode: 'numeric' })}
      {text('bpm', 'BPM', { inputMode: 'numeric' })}
      {text('key', 'Key', { placeholder: 'A minor', list: `${id}-keys` })}
      <datalist id={`${id}-keys`}>
        {MUSIC_KEYS.map((key) => (
          <option key={key.id} value={key.name} />
        ))}
      </datalist>
      {text('genre', 'Genre', genres.length > 0 ? { list: `${id}-genres` } : {})}
      {genres.length > 0 && (
        <datalist id={`${id}-genres`}>
          {genres.map((genre) => (
            <option key={genre} value={genre} />
          ))}
        </datalist>
      )}
      <fieldset className="sm:col-span-2" aria-describedby={describedBy('types')}>
        <legend className="mb-2 text-sm font-medium text-zinc-200">Type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {SOUND_TYPES.map((type) => (
            <label key={type.id} className="flex items-center gap-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                checked={values.types.includes(type.id)}
                onChange={(event) =>
                  onChange({
                    ...values,
                    types: event.target.checked
                      ? SOUND_TYPES.map((known) => known.id).filter((known) => known === type.id || values.types.includes(known))
                      : values.types.filter((known) => known !== type.id),
                  })
                }
                aria-invalid={errors.types ? true : undefined}
                className="size-4 accent-brand-500"
              />
              {type.label}
            </label>
          ))}
        </div>
        {error('types')}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-zinc-200">Shown in the store</legend>
        {flag('active', 'Active')}
        {flag('featured', 'Featured')}
        {flag('isNew', 'New')}
        {flag('digitalDownload', 'Digital download')}
        <div className="basis-full">
          {flagKeys.map((key) => (
            <Fragment key={key}>{error(key)}</Fragment>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
