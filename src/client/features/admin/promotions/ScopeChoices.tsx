/**
 * Pick lists of the store's products (filtered by a search box) and categories, each a list of
 * checkboxes with the names shown; the ticked ids are the value. What a promo code is limited to
 * and what a sale covers are chosen with them. A product archived since stays listed so an owner
 * can untick it.
 */
import { useId, useState, type ReactNode } from 'react'
import { useAdminCategories } from '../categories/public.ts'
import { useAdminProducts } from '../products/public.ts'

const ALL_PRODUCTS = { search: '', status: 'all', sortBy: 'name', sortOrder: 'asc' } as const

interface Choice {
  id: string
  name: string
  detail?: string
}

interface ScopeChoicesProps {
  legend: string
  /** What the legend says while nothing is ticked. */
  noneChosen: string
  chosen: string[]
  onChange: (ids: string[]) => void
  error?: string
}

const toggled = (ids: string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id))
const hintOf = (chosen: string[], noneChosen: string) => (chosen.length === 0 ? noneChosen : `${chosen.length} chosen`)

export function ProductChoices({ legend, noneChosen, chosen, onChange, error }: ScopeChoicesProps) {
  const products = useAdminProducts(ALL_PRODUCTS)
  const [search, setSearch] = useState('')
  const searchId = useId()
  const needle = search.trim().toLowerCase()
  const choices: Choice[] = (products.data ?? [])
    // The ticked ones stay in view whatever the search, so the owner sees what is chosen.
    .filter((product) => chosen.includes(product.id) || !needle || product.name.toLowerCase().includes(needle))
    .map((product) => ({ id: product.id, name: product.name, detail: product.active ? (product.categoryName ?? undefined) : 'archived' }))

  return (
    <ChoiceList
      legend={legend}
      hint={hintOf(chosen, noneChosen)}
      loading={products.isPending}
      choices={choices}
      chosen={chosen}
      error={error}
      onToggle={(id, on) => onChange(toggled(chosen, id, on))}
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
  )
}

export function CategoryChoices({ legend, noneChosen, chosen, onChange, error }: ScopeChoicesProps) {
  const categories = useAdminCategories()
  return (
    <ChoiceList
      legend={legend}
      hint={hintOf(chosen, noneChosen)}
      loading={categories.isPending}
      choices={(categories.data ?? []).map((category) => ({ id: category.id, name: category.name }))}
      chosen={chosen}
      error={error}
      onToggle={(id, on) => onChange(toggled(chosen, id, on))}
    />
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
              {choice.detail && <span className="shrink-0 text-xs text-zinc-400">{choice.detail}</span>}
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
