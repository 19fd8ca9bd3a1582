/**
 * The listing's filter panel: sound type, genre, BPM, key, tags, price and on sale, each option
 * with how many products it would leave (the API's facets). Every change goes to the address at
 * once; the number fields when left or on Enter. Shown as the sidebar on wide screens and inside
 * the filter sheet on phones.
 */
import { BPM_LIMITS, SOUND_TYPES, type CatalogFacets, type CatalogFilters } from '../../../../shared/contract/catalog-filters.ts'
import { dollarsToCents } from '../../../../shared/money.ts'
import { countOf, withSelected } from './facet-counts.ts'
import { FacetCheckboxes } from './FacetCheckboxes.tsx'
import { KeyFilter } from './KeyFilter.tsx'
import { RangeFilter } from './RangeFilter.tsx'
import type { ChangeFilters } from './use-listing-filters.ts'

interface FilterPanelProps {
  filters: CatalogFilters
  /** Options and counts of the list shown; undefined while they load. */
  facets: CatalogFacets | undefined
  onChange: ChangeFilters
}

/** Tags shown before "Show all". */
const VISIBLE_TAGS = 8
const PRICE_LIMITS = { min: 0, max: 1_000_000 }

const dollars = (cents: number | undefined) => (cents === undefined ? undefined : cents / 100)
const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : dollarsToCents(dollars))

export function FilterPanel({ filters, facets, onChange }: FilterPanelProps) {
  const priceRange = facets?.price ? { min: Math.floor(facets.price.min / 100), max: Math.ceil(facets.price.max / 100) } : facets?.price
  return (
    <div className="flex flex-col gap-7">
      <FacetCheckboxes
        legend="Type"
        choices={SOUND_TYPES.map((type) => ({ value: type.id, label: type.label, count: countOf(facets?.type, type.id) }))}
        selected={filters.type ?? []}
        onChange={(type) => onChange({ type })}
      />
      <FacetCheckboxes
        legend="Genre"
        choices={withSelected(facets?.genre, filters.genre).map((option) => ({
          value: option.value,
          label: option.value,
          count: facets ? option.count : undefined,
        }))}
        selected={filters.genre ?? []}
        onChange={(genre) => onChange({ genre })}
      />
      <RangeFilter
        legend="BPM"
        minLabel="Min BPM"
        maxLabel="Max BPM"
        value={{ min: filters.bpmMin, max: filters.bpmMax }}
        available={facets?.bpm}
        limits={BPM_LIMITS}
        onApply={({ min, max }) => onChange({ bpmMin: min, bpmMax: max })}
      />
      <KeyFilter filters={filters} facet={facets?.key} onChange={onChange} />
      <FacetCheckboxes
        legend="Tags"
        choices={withSelected(facets?.tag, filters.tag).map((option) => ({
          value: option.value,
          label: option.value,
          count: facets ? option.count : undefined,
        }))}
        selected={filters.tag ?? []}
        onChange={(tag) => onChange({ tag })}
        visibleCount={VISIBLE_TAGS}
      />
      <RangeFilter
        legend="Price"
        minLabel="Min price"
        maxLabel="Max price"
        prefix="$"
        value={{ min: dollars(filters.priceMin), max: dollars(filters.priceMax) }}
        available={priceRange}
        limits={PRICE_LIMITS}
        step={0.01}
        onApply={({ min, max }) => onChange({ priceMin: cents(min), priceMax: cents(max) })}
      />
      <OnSaleFilter checked={Boolean(filters.onSale)} count={facets?.onSale} onChange={(onSale) => onChange({ onSale: onSale || undefined })} />
    </div>
  )
}

function OnSaleFilter({ checked, count, onChange }: { checked: boolean; count: number | undefined; onChange: (checked: boolean) => void }) {
  const disabled = count === 0 && !checked
  return (
    <label className={`flex items-center gap-2.5 text-sm font-semibold ${disabled ? 'cursor-not-allowed text-zinc-600' : 'cursor-pointer text-white'}`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-brand-500" />
      <span className="flex-1">On sale</span>
      {count !== undefined && <span className={`text-xs font-normal tabular-nums ${disabled ? '' : 'text-zinc-400'}`}>({count})</span>}
    </label>
  )
}
