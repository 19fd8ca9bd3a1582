/**
 * What the app shell may use of the catalog: the categories (the header's navigation), products,
 * the cart page's suggestions, the queries the server's renderer fills a storefront page's cache
 * with (server-render/page-data.ts: the very queries the pages run), the context through which
 * the app hands the product cards other features' controls, and the product page's parts (the
 * app's routes/ProductDetailPage.tsx puts them together with the other features'). Anything
 * else here is private.
 */
export { bundleItemsQueryOptions } from './api/get-bundle-items.ts'
export { categoriesQueryOptions, useCategories } from './api/get-categories.ts'
export { categoryQueryOptions } from './api/get-category.ts'
export { productQueryOptions, useProduct } from './api/get-product.ts'
export { productPagesQueryOptions, productsQueryOptions, useProducts } from './api/get-products.ts'
export { relatedProductsQueryOptions } from './api/get-related.ts'
export { catalogSectionsQueryOptions } from './api/get-sections.ts'
export { CartRecommendations } from './CartRecommendations.tsx'
export { listingQuery, readListing, showsGrid, STORE_FACETS_QUERY } from './filters/listing-query.ts'
export { homeRows, HOME_PRODUCT_COUNT } from './page-sizes.ts'
export { ProductCardActionsContext, type ProductCardActions } from './product-card-actions.ts'
// The product page's parts.
export { BundleCompletionNote, BundleContents, BundlePriceTag } from './BundleContents.tsx'
export { LeadPreview } from './LeadPreview.tsx'
export { PayWhatYouWantPrice } from './PayWhatYouWantPrice.tsx'
export { PriceTag } from './PriceTag.tsx'
export { categoryName, productMetadata } from './product-display.ts'
export { CategoryBadge, ProductBadges } from './ProductBadges.tsx'
export { ProductDetailSkeleton } from './ProductDetailSkeleton.tsx'
export { ProductGallery } from './ProductGallery.tsx'
export { ProductNotFound } from './ProductNotFound.tsx'
export { AudioDemosPanel, OverviewPanel, ReviewsPanel, SpecificationsPanel } from './ProductTabPanels.tsx'
export { ProductTabs } from './ProductTabs.tsx'
export { RelatedProducts } from './RelatedProducts.tsx'
export { SaleEndsNote } from './SaleEndsNote.tsx'
export { ProductRating } from './StarRating.tsx'
