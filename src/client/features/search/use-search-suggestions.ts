/**
 * The search box's options for what is typed: asked for once the text has stood still for
 * SUGGESTION_DEBOUNCE_MS, flattened in the order the list shows them (products, categories,
 * tags), each with the address it opens.
 */
import { useEffect, useState } from 'react'
import { SUGGESTION_MIN_CHARS, writeFiltersToSearchParams } from '../../../shared/contract/catalog-filters.ts'
import type { SearchSuggestions } from '../../../shared/contract/catalog.ts'
import { useSuggestions } from './api/get-suggestions.ts'

export const SUGGESTION_DEBOUNCE_MS = 150

export type SuggestionGroup = 'products' | 'categories' | 'tags'

export interface SuggestionOption {
  group: SuggestionGroup
  /** Unique in the list ("product:…", "category:…", "tag:…"). */
  key: string
  label: string
  /** Products: the category under the name. */
  detail: string | null
  imageUrl: string | null
  href: string
}

export const SUGGESTION_GROUPS: ReadonlyArray<{ id: SuggestionGroup; label: string }> = [
  { id: 'products', label: 'Products' },
  { id: 'categories', label: 'Categories' },
  { id: 'tags', label: 'Tags' },
]

/** The listing that searches for `text` (only `q`: the header starts a fresh search). */
export function searchHref(text: string): string {
  const query = writeFiltersToSearchParams(new URLSearchParams(), { q: text.trim() }).toString()
  return query ? `/products?${query}` : '/products'
}

/** The suggestions as one list of options, in the order they are shown. */
export function suggestionOptions(suggestions: SearchSuggestions | undefined): SuggestionOption[] {
  if (!suggestions) return []
  return [
    ...suggestions.products.map((product): SuggestionOption => ({
      group: 'products',
      key: `product:${product.id}`,
      label: product.name,
      detail: product.categoryName,
      imageUrl: product.imageUrl,
      href: `/products/${encodeURIComponent(product.id)}`,
    })),
    ...suggestions.categories.map((category): SuggestionOption => ({
      group: 'categories',
      key: `category:${category.id}`,
      label: category.name,
      detail: null,
      imageUrl: null,
      href: `/${category.slug}`,
    })),
    ...suggestions.tags.map((tag): SuggestionOption => ({
      group: 'tags',
      key: `tag:${tag}`,
      label: tag,
      detail: null,
      imageUrl: null,
      href: `/products?${writeFiltersToSearchParams(new URLSearchParams(), { tag: [tag] }).toString()}`,
    })),
  ]
}

/** `value`, once it has not changed for `delay` ms. */
function useDebouncedValue(value: string, delay: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/** The options for `text` (none below SUGGESTION_MIN_CHARS); `settled` is false while a newer text is still to be answered. */
export function useSearchSuggestions(text: string): { options: SuggestionOption[]; settled: boolean } {
  const wanted = text.trim()
  const q = useDebouncedValue(wanted, SUGGESTION_DEBOUNCE_MS)
  const suggestions = useSuggestions(q)
  const options = wanted.length >= SUGGESTION_MIN_CHARS && q.length >= SUGGESTION_MIN_CHARS ? suggestionOptions(suggestions.data) : []
  return { options, settled: q === wanted && !suggestions.isPlaceholderData && !suggestions.isFetching }
}
