/** The active filters above the list as chips, each removed by its ×, and "Clear all". */
import { CloseIcon } from '../../../components/Icons.tsx'
import type { CatalogFilters } from '../../../../shared/contract/catalog-filters.ts'
import { activeFilters } from './active-filters.ts'
import type { ChangeFilters } from './use-listing-filters.ts'

interface ActiveFilterChipsProps {
  filters: CatalogFilters
  onChange: ChangeFilters
  /** Removes the filters but keeps the search. */
  onClearAll: () => void
}

export function ActiveFilterChips({ filters, onChange, onClearAll }: ActiveFilterChipsProps) {
  const chips = activeFilters(filters)
  if (chips.length === 0) return null
  // "Clear all" keeps the search, so it only shows when there is more than the search to clear.
  const clearable = chips.some((chip) => chip.id !== 'q')
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.id} className="max-w-full min-w-0">
          <button
            type="button"
            onClick={() => onChange(chip.remove)}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand-700 bg-brand-950 py-1 pr-2 pl-3 text-left text-sm text-brand-100 transition-colors hover:border-brand-500 hover:text-white"
          >
            {/* A long search wraps inside its chip instead of widening the page. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">{chip.label}</span>
            <CloseIcon className="size-3.5 shrink-0" />
          </button>
        </li>
      ))}
      {clearable && (
        <li>
          <button
            type="button"
            onClick={onClearAll}
            className="px-2 py-1 text-sm font-medium text-zinc-400 underline-offset-4 hover:text-white hover:underline"
          >
            Clear all
          </button>
        </li>
      )}
    </ul>
  )
}
