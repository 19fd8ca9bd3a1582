/** The listing's sort control: Relevance (only with a search), Newest, price, rating and tempo either way. */
import { useId } from 'react'
import { listingSortsFor, type ListingSort } from '../../../../shared/contract/catalog-filters.ts'

interface SortSelectProps {
  sort: ListingSort
  hasSearch: boolean
  onChange: (id: string) => void
}

export function SortSelect({ sort, hasSearch, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only text-sm whitespace-nowrap text-zinc-400 sm:not-sr-only">
        Sort by
      </label>
      <select
        id={id}
        value={sort.id}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-zinc-700 bg-zinc-900 py-2 pr-8 pl-3 text-sm text-zinc-100 focus:border-brand-400 focus:outline-none"
      >
        {listingSortsFor(hasSearch).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
