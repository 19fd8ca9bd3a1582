/**
 * The catalog's services built together, for app.ts, the owner CLI and tests: they share one
 * schedule of the running sales (which prices every read) and one search engine (which answers
 * the lists and is told of every write). Each service is one meaning, and a caller names the one
 * it uses (`Pick<>` of it):
 * - catalog-reads.service.ts: lists, products, categories, and the product facts other capabilities read;
 * - product-admin.service.ts: the owner's categories and products;
 * - product-files.service.ts: a product's file versions, cover and preview;
 * - sales.service.ts: timed sales and the schedule that prices with them;
 * - bundles.service.ts: what bundles hold, and the owner's change of them.
 */
import type { Database } from '../db/client.ts'
import { createBundlesService } from './bundles.service.ts'
import { createCatalogReadsService } from './catalog-reads.service.ts'
import type { CatalogSearch } from './catalog-search.ts'
import { createProductAdminService } from './product-admin.service.ts'
import { createProductFilesService, type CatalogStorage } from './product-files.service.ts'
import { mediaUrlFor } from './product-view.ts'
import { createSalesService } from './sales.service.ts'

export interface CatalogServiceOptions {
  /** MEDIA_BASE_URL: covers and previews are handed out from there instead of /media. */
  mediaBaseUrl?: string | undefined
  /**
   * What answers lists, facets and suggestions (src/server/search, chosen by app.ts): SQL on every
   * request, or an in-memory index of the active catalog, which every write through these
   * services invalidates at once. Without it (the owner CLI, tests that list nothing) a list is refused.
   */
  search?: CatalogSearch
}

const unavailable = () => Promise.reject(new Error('This catalog service was created without a search engine'))
const noSearch: CatalogSearch = { list: unavailable, facets: unavailable, suggestions: unavailable, countsFacetsWithList: false }

export function createCatalogService(db: Database, storage?: CatalogStorage, { mediaBaseUrl, search = noSearch }: CatalogServiceOptions = {}) {
  const mediaUrl = mediaUrlFor(mediaBaseUrl)
  // The running sales price every product these services answer, read with the clock at each call.
  const sales = createSalesService(db)
  const { pricingNow } = sales.saleSchedule
  return {
    ...createCatalogReadsService(db, { mediaUrl, pricingNow, search }),
    ...createProductAdminService(db, { search }),
    ...createProductFilesService(db, storage, { search }),
    ...sales,
    ...createBundlesService(db, { mediaUrl, pricingNow, search }),
  }
}
