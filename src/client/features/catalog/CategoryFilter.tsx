/** The row of category filter buttons on the products listing ("All" plus each category). */
import type { Category } from '../../../shared/contract/catalog.ts'

interface CategoryFilterProps {
  categories: Category[]
  activeSlug: string | null
  onSelect: (slug: string | null) => void
}

export function CategoryFilter({ categories, activeSlug, onSelect }: CategoryFilterProps) {
  const options: Array<{ slug: string | null; name: string }> = [{ slug: null, name: 'All' }, ...categories]
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.slug === activeSlug
        return (
          <button
            key={option.slug ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(option.slug)}
            className={`shrink-0 rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
              active ? 'border-brand-500 bg-brand-600 text-white' : 'border-zinc-700 bg-zinc-900 text-zinc-300 hover:border-zinc-500 hover:text-white'
            }`}
          >
            {option.name}
          </button>
        )
      })}
    </div>
  )
}
