/** The active filters as removable chips: what each reads and which change removes it. */
import { SOUND_TYPES, type CatalogFilters } from '../../../../shared/contract/catalog-filters.ts'
import { musicKeyById } from '../../../../shared/music-keys.ts'
import { formatPrice } from '../../../../shared/money.ts'

export interface ActiveFilter {
  /** Stable among the chips. */
  id: string
  label: string
  /** The change that removes this one filter. */
  remove: Partial<CatalogFilters>
}

function range(min: number | undefined, max: number | undefined, show: (value: number) => string): string {
  if (min !== undefined && max !== undefined) return `${show(min)}–${show(max)}`
  return min !== undefined ? `From ${show(min)}` : `Up to ${show(max!)}`
}

const without = (values: string[], value: string) => {
  const rest = values.filter((other) => other !== value)
  return rest.length > 0 ? rest : undefined
}

export function activeFilters(filters: CatalogFilters): ActiveFilter[] {
  const chips: ActiveFilter[] = []
  if (filters.q) chips.push({ id: 'q', label: `“${filters.q}”`, remove: { q: undefined } })
  for (const type of filters.type ?? []) {
    chips.push({ id: `type:${type}`, label: SOUND_TYPES.find((known) => known.id === type)?.label ?? type, remove: { type: without(filters.type!, type) } })
  }
  for (const genre of filters.genre ?? []) chips.push({ id: `genre:${genre}`, label: genre, remove: { genre: without(filters.genre!, genre) } })
  if (filters.bpmMin !== undefined || filters.bpmMax !== undefined) {
    chips.push({ id: 'bpm', label: `${range(filters.bpmMin, filters.bpmMax, String)} BPM`, remove: { bpmMin: undefined, bpmMax: undefined } })
  }
  for (const key of filters.key ?? [])
    chips.push({ id: `key:${key}`, label: `Key: ${musicKeyById(key)?.name ?? key}`, remove: { key: without(filters.key!, key) } })
  if (filters.compatible) {
    chips.push({ id: 'compatible', label: `Mixes with ${musicKeyById(filters.compatible)?.name ?? filters.compatible}`, remove: { compatible: undefined } })
  }
  for (const tag of filters.tag ?? []) chips.push({ id: `tag:${tag}`, label: `#${tag}`, remove: { tag: without(filters.tag!, tag) } })
  if (filters.priceMin !== undefined || filters.priceMax !== undefined) {
    chips.push({ id: 'price', label: range(filters.priceMin, filters.priceMax, formatPrice), remove: { priceMin: undefined, priceMax: undefined } })
  }
  if (filters.onSale) chips.push({ id: 'onSale', label: 'On sale', remove: { onSale: undefined } })
  return chips
}
