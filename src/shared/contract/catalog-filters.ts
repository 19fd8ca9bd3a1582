/**
 * What a shopper can narrow the catalog by, shared by the API, the listing's address and its
 * filter panel without the schemas: sound types, sort orders, and the translation between a
 * listing's address (`/products?genre=Techno&bpmMin=120`) and the API's query.
 */

/** What a product holds, as producers look for it. A product may be several (a pack of loops and one-shots). */
export const SOUND_TYPES = [
  { id: 'loops', label: 'Loops' },
  { id: 'one-shots', label: 'One-shots' },
  { id: 'midi', label: 'MIDI' },
  { id: 'presets', label: 'Presets' },
  { id: 'instruments', label: 'Instruments' },
  { id: 'tools', label: 'Tools' },
] as const
export type SoundType = (typeof SOUND_TYPES)[number]['id']
export const SOUND_TYPE_IDS: readonly string[] = SOUND_TYPES.map((type) => type.id)

export const BPM_LIMITS = { min: 20, max: 400 } as const

/** The listing's sort control: each choice is a sortBy and a direction of the API. */
export const LISTING_SORTS = [
  { id: 'relevance', label: 'Relevance', sortBy: 'relevance', sortOrder: 'desc' },
  { id: 'newest', label: 'Newest', sortBy: 'createdAt', sortOrder: 'desc' },
  { id: 'price-asc', label: 'Price: low to high', sortBy: 'price', sortOrder: 'asc' },
  { id: 'price-desc', label: 'Price: high to low', sortBy: 'price', sortOrder: 'desc' },
  { id: 'rating', label: 'Top rated', sortBy: 'rating', sortOrder: 'desc' },
  { id: 'bpm-asc', label: 'BPM: slow to fast', sortBy: 'bpm', sortOrder: 'asc' },
  { id: 'bpm-desc', label: 'BPM: fast to slow', sortBy: 'bpm', sortOrder: 'desc' },
  { id: 'discount', label: 'Biggest discount', sortBy: 'discount', sortOrder: 'desc' },
] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

/** What the filters narrow a list to; every field optional, arrays are "any of". */
export interface CatalogFilters {
  /** Ranked full-text search, typo-tolerant. */
  q?: string
  bpmMin?: number
  bpmMax?: number
  /** Key ids ("Am", "C#m", "Eb"). */
  key?: string[]
  /** A key id: the list keeps keys that mix with it. */
  compatible?: string
  genre?: string[]
  type?: string[]
  tag?: string[]
  priceMin?: number
  priceMax?: number
  onSale?: boolean
}

/** One option of a facet and how many products choosing it would leave (0: the option is disabled). */
export interface FacetOption {
  value: string
  count: number
}

/**
 * The filter panel's options for the current list. Each facet's counts apply every other filter
 * but its own, so picking a second genre shows what it would add.
 */
export interface CatalogFacets {
  genre: FacetOption[]
  key: FacetOption[]
  type: FacetOption[]
  tag: FacetOption[]
  /** Lowest and highest BPM among the products the other filters leave; null when none has one. */
  bpm: { min: number; max: number } | null
  /** Lowest and highest price in cents among the products the other filters leave. */
  price: { min: number; max: number } | null
  /** Products on sale among those the other filters leave. */
  onSale: number
}

const LIST_PARAMS = ['key', 'genre', 'type', 'tag'] as const
const NUMBER_PARAMS = ['bpmMin', 'bpmMax', 'priceMin', 'priceMax'] as const

/** The filters an address carries; values it cannot read are left out (the API would refuse them). */
export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters {
  const filters: CatalogFilters = {}
  const q = params.get('q')?.trim()
  if (q) filters.q = q
  for (const name of NUMBER_PARAMS) {
    const raw = params.get(name)
    if (raw !== null && raw.trim() !== '' && Number.isFinite(Number(raw))) filters[name] = Number(raw)
  }
  for (const name of LIST_PARAMS) {
    const values = [
      ...new Set(
        params
          .getAll(name)
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ].sort()
    if (values.length > 0) filters[name] = values
  }
  const compatible = params.get('compatible')?.trim()
  if (compatible) filters.compatible = compatible
  if (params.get('onSale') === 'true' || params.get('onSale') === '1') filters.onSale = true
  return filters
}

/** Writes the filters into `params` (replacing any there), in a stable order so one list has one address. */
export function writeFiltersToSearchParams(params: URLSearchParams, filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of ['q', 'compatible', 'onSale', ...NUMBER_PARAMS, ...LIST_PARAMS]) next.delete(name)
  if (filters.q) next.set('q', filters.q)
  for (const name of NUMBER_PARAMS) if (filters[name] !== undefined) next.set(name, String(filters[name]))
  for (const name of LIST_PARAMS) for (const value of [...(filters[name] ?? [])].sort()) next.append(name, value)
  if (filters.compatible) next.set('compatible', filters.compatible)
  if (filters.onSale) next.set('onSale', 'true')
  return next
}

/** True when any filter narrows the list. */
export function hasFilters(filters: CatalogFilters): boolean {
  return Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false && value !== ''))
}

/** The address parameter of the listing's sort control; its value is a LISTING_SORTS id. */
export const LISTING_SORT_PARAM = 'sort'

/** The sorts the control offers: Relevance only while there is a search to be relevant to. */
export function listingSortsFor(hasSearch: boolean): ListingSort[] {
  return LISTING_SORTS.filter((sort) => sort.id !== 'relevance' || hasSearch)
}

/** A list's sort when the address names none: Relevance with a search, Newest without. */
export function defaultListingSort(hasSearch: boolean): ListingSort {
  return LISTING_SORTS.find((sort) => sort.id === (hasSearch ? 'relevance' : 'newest'))!
}

/** The sort an address asks for, or the default when it names none it may use. */
export function listingSortOf(id: string | null, hasSearch: boolean): ListingSort {
  return listingSortsFor(hasSearch).find((sort) => sort.id === id) ?? defaultListingSort(hasSearch)
}

/** How many filters narrow the list, as the Filters button counts them: each value, a range once, the search not at all. */
export function countFilters(filters: CatalogFilters): number {
  const ranges = [filters.bpmMin !== undefined || filters.bpmMax !== undefined, filters.priceMin !== undefined || filters.priceMax !== undefined]
  const lists = [filters.key, filters.genre, filters.type, filters.tag].reduce((sum, values) => sum + (values?.length ?? 0), 0)
  return lists + ranges.filter(Boolean).length + (filters.compatible ? 1 : 0) + (filters.onSale ? 1 : 0)
}

/** The header's search box asks for suggestions from this many characters (the API answers none below it). */
export const SUGGESTION_MIN_CHARS = 2
