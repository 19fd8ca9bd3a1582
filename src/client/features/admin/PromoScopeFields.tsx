/**
 * What a promo code applies to: a pick list of the store's products (filtered by a search box)
 * and one of its categories, each a list of checkboxes with the names shown. Nothing ticked in
 * either list: the code applies to every line. A product archived since stays listed so an owner
 * can untick it.
 */
import { useId, useState, type ReactNode } from 'react'
import { useAdminCategories } from './api/categories.ts'
import { useAdminProducts } from './api/products.ts'

const ALL_PRODUCTS = { search: '', status: 'all', sortBy: 'name', sortOrder: 'asc' } as const

interface PromoScopeFieldsProps {
  productIds: string[]
  categoryIds: string[]
  onChange: (scope: { productIds: string[]; categoryIds: string[] }) => void
  productError?: string
  categoryError?: string
}

interface Choice {
  id: string
  name: string
  detail?: string
}

const toggled = (ids: string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id))

export function PromoScopeFields({ productIds, categoryIds, onChange, productError, categoryError }: PromoScopeFieldsProps) {
  const products = useAdminProducts(ALL_PRODUCTS)
  const categories = useAdminCategories()
  const [search, setSearch] = useState('')
  const searchId = useId()
  const needle = search.trim().toLowerCase()
  const productChoices: Choice[] = (products.data ?? [])
    // The ticked ones stay in view whatever the search, so the owner sees what the code is limited to.
    .filter((product) => productIds.includes(product.id) || !needle || product.name.toLowerCase().includes(needle))
    .map((product) => ({ id: product.id, name: product.name, detail: product.active ? (product.categoryName ?? undefined) : 'archived' }))

  return (
    <div className="grid gap-4 sm:col-span-2 lg:col-span-4 lg:grid-cols-2">
      <ChoiceList
        legend="Limit to products"
        hint={productIds.length === 0 ? 'Every product' : `${productIds.length} chosen`}
        loading={products.isPending}
        choices={productChoices}
        chosen={productIds}
        error={productError}
        onToggle={(id, on) => onChange({ productIds: toggled(productIds, id, on), categoryIds })}
      >
        <label htmlFor={searchId} className="sr-only">
          Search products
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search products"
          className="mb-2 w-full rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 text-sm text-white placeholder:text-zinc-500"
        />
      </ChoiceList>
      <ChoiceList
        legend="Limit to categories"
        hint={categoryIds.length === 0 ? 'Every category' : `${categoryIds.length} chosen`}
        loading={categories.isPending}
        choices={(categories.data ?? []).map((category) => ({ id: category.id, name: category.name }))}
        chosen={categoryIds}
        error={categoryError}
        onToggle={(id, on) => onChange({ productIds, categoryIds: toggled(categoryIds, id, on) })}
      />
    </div>
  )
}

function ChoiceList({
  legend,
  hint,
  loading,
  choices,
  chosen,
  error,
  onToggle,
  children,
}: {
  legend: string
  hint: string
  loading: boolean
  choices: Choice[]
  chosen: string[]
  error?: string
  onToggle: (id: string, on: boolean) => void
  children?: ReactNode
}) {
  const errorId = useId()
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">
        {legend} <span className="font-normal text-zinc-400">· {hint}</span>
      </legend>
      {children}
      <div className="max-h-48 overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950/60 p-2">
        {loading ? (
          <p className="text-sm text-zinc-400">Loading…</p>
        ) : choices.length === 0 ? (
          <p className="text-sm text-zinc-400">None to choose</p>
        ) : (
          choices.map((choice) => (
            <label key={choice.id} className="flex items-center gap-2 py-0.5 text-sm text-zinc-200">
              <input
                type="checkbox"
                checked={chosen.includes(choice.id)}
                onChange={(event) => onToggle(choice.id, event.target.checked)}
                className="size-4 accent-brand-500"
              />
              <span className="min-w-0 truncate">{choice.name}</span>
              {choice.detail && <span className="shrink-0 text-xs text-zinc-500">{choice.detail}</span>}
            </label>
          ))
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}
