/**
 * The search seam: what the catalog asks of the engine that answers "which products, in which
 * order, how many, the facet counts, and what the search box suggests". SQL on every request
 * (src/server/search/sql/) and an index of the active catalog in each process
 * (src/server/search/memory/, ADR 0020) implement it, chosen by CATALOG_SEARCH in app.ts; a search
 * server (Meilisearch, Typesense, OpenSearch) would implement the same interface. The interface is
 * the catalog's, declared here beside what calls it, and its engines import it: the engines read
 * the catalog's tables, so nothing of the catalog imports them back.
 *
 * A boundary between modules, not a wrapper: the catalog calls the engine's own functions, so a
 * list costs no call and no object more than before the seam.
 */
import type { ProductListItem, SearchSuggestions } from '../../shared/contract/catalog.ts'
import type { CatalogFacets } from '../../shared/contract/catalog-filters.ts'
import type { ProductListParams } from './catalog.types.ts'
import type { SalePricing } from './product-view.ts'

/** One page of a list: its items in the list's order, how many products the whole list has, and its facets when asked for. */
export interface ListedPage {
  items: ProductListItem[]
  total: number
  facets: CatalogFacets | undefined
}

/** Keeps a value made from the catalog under a key until the catalog changes (the catalog cache), or just makes it. */
export type Remember = <T>(key: string, make: () => Promise<T>) => Promise<T>

export interface CatalogSearch {
  /** One page of the list `params` asks for, priced by the sales of `pricing` (read once by the caller for the whole answer). */
  list(params: ProductListParams, pricing: SalePricing): Promise<ListedPage>
  /** The filter panel's options and counts for a list (its order and page aside); `remember` keeps what a scope's lists share. */
  facets(params: ProductListParams, pricing: SalePricing, remember?: Remember): Promise<CatalogFacets>
  /** What the header's search box offers for `q` (2 characters or more): products, categories and tags that match it. */
  suggestions(q: string): Promise<SearchSuggestions>
  /** True when a list's facets cost no more than the list (the index counts them in the same pass). */
  readonly countsFacetsWithList: boolean
  /**
   * Only on an engine that keeps the catalog in memory: the catalog changed, and its next answer
   * reads it again. Called after every catalog write made through the catalog's services
   * (seen-at-once.ts) and on every clear of the catalog cache (a change in any process: app.ts).
   */
  invalidate?(): void
}
