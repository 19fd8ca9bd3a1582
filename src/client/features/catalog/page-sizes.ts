/** How many products each storefront list shows: the pages and the server's renderer ask for the same pages. */
import type { ProductListItem } from '../../../shared/contract/catalog.ts'

/** Products a category or filtered list shows at first (its own page, /products?category=, any filter); "Load more" adds as many again. */
export const LISTING_PAGE_SIZE = 24

/** The newest products the home page picks its two rows from (enough to find four featured ones). */
export const HOME_PRODUCT_COUNT = 16
const HOME_ROW_SIZE = 4

/** The home page's rows: up to four featured products, then the newest others, and the product whose preview the hero plays. */
export function homeRows(products: ProductListItem[] | undefined) {
  const featured = products?.filter((product) => product.isFeatured).slice(0, HOME_ROW_SIZE)
  // Newest first (the list's default order), without repeating the featured row.
  const newArrivals = products?.filter((product) => !featured?.includes(product)).slice(0, HOME_ROW_SIZE)
  return { featured, newArrivals, heroProductId: featured?.find((product) => product.audioPreview)?.id, rowSize: HOME_ROW_SIZE }
}
