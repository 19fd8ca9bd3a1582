/** Reading the API's facets for the filter panel: an option's count, and the options a list offers. */
import type { FacetOption } from '../../../../shared/contract/catalog-filters.ts'

/** How many products choosing `value` would leave; undefined while the facets are unknown. */
export function countOf(options: FacetOption[] | undefined, value: string): number | undefined {
  if (!options) return undefined
  return options.find((option) => option.value === value)?.count ?? 0
}

/** The facet's options, then any selected value the facets no longer list (with 0), so it can still be unticked. */
export function withSelected(options: FacetOption[] | undefined, selected: readonly string[] = []): FacetOption[] {
  const listed = options ?? []
  const missing = selected.filter((value) => !listed.some((option) => option.value === value))
  return [...listed, ...missing.map((value) => ({ value, count: 0 }))]
}
