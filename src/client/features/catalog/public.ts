/**
 * What other features and the app shell may use of the catalog: the categories (the header's
 * navigation), products, the cart page's recommendations, the preview player's engine seam
 * (the audition plays through it), and the queries the server's renderer fills a storefront
 * page's cache with (server-render/page-data.ts: the very queries the pages run). Anything
 * else here is private.
 */
export { bundleItemsQueryOptions } from './api/get-bundle-items.ts'
export { categoriesQueryOptions, useCategories } from './api/get-categories.ts'
export { categoryQueryOptions } from './api/get-category.ts'
export { productQueryOptions } from './api/get-product.ts'
export { productPagesQueryOptions, productsQueryOptions, useProducts } from './api/get-products.ts'
export { relatedProductsQueryOptions } from './api/get-related.ts'
export { catalogSectionsQueryOptions } from './api/get-sections.ts'
export { CartRecommendations } from './CartRecommendations.tsx'
export { listingQuery, readListing, showsGrid, STORE_FACETS_QUERY } from './filters/listing-query.ts'
export { homeRows, HOME_PRODUCT_COUNT } from './page-sizes.ts'
export { setPreviewEngine, type PreviewEngine } from './preview-player.ts'
