/**
 * The data each server-rendered storefront page shows, loaded with the very queries its
 * components run (same keys, same fetchers), so the browser hydrates from the cache the server
 * filled and asks for nothing on arrival. Which pages those are is the route list's
 * `serverData` (src/shared/routes.ts); a page without it renders in the browser only.
 */
import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { STORE_ROUTES, type PageDataKey } from '../../shared/routes.ts'
import { storeSettingsQueryOptions } from '../api/get-store-settings.ts'
import {
  bundleItemsQueryOptions,
  catalogSectionsQueryOptions,
  categoriesQueryOptions,
  categoryQueryOptions,
  HOME_PRODUCT_COUNT,
  homeRows,
  listingQuery,
  productPagesQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  readListing,
  relatedProductsQueryOptions,
  showsGrid,
  STORE_FACETS_QUERY,
} from '../features/catalog/public.ts'

type PageLoader = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<void>

const loadHome: PageLoader = async (queryClient) => {
  const latest = await queryClient.fetchQuery(productsQueryOptions({ limit: HOME_PRODUCT_COUNT }))
  const { heroProductId } = homeRows(latest.data)
  if (heroProductId) await queryClient.fetchQuery(productQueryOptions(heroProductId))
}

/** One loader per kind of data a route of the list may ask for. */
const LOADERS: Record<PageDataKey, PageLoader> = {
  home: loadHome,
  listing: async (queryClient, _params, search) => {
    const category = search.get('category') || null
    const listing = readListing(search)
    // A grid of what the address asks for, or the All Products sections with the store's facets for the filter panel.
    await (showsGrid(listing, category)
      ? queryClient.fetchInfiniteQuery(productPagesQueryOptions(listingQuery(category, listing)))
      : Promise.all([queryClient.fetchQuery(catalogSectionsQueryOptions()), queryClient.fetchQuery(productsQueryOptions(STORE_FACETS_QUERY))]))
  },
  product: async (queryClient, { productId = '' }) => {
    // "More like this" and a bundle's items are secondary: if one fails, the page still renders and the browser asks again.
    await Promise.all([
      queryClient
        .fetchQuery(productQueryOptions(productId))
        .then((product) => (product.isBundle ? queryClient.prefetchQuery(bundleItemsQueryOptions(productId)) : undefined)),
      queryClient.prefetchQuery(relatedProductsQueryOptions(productId)),
    ])
  },
  category: async (queryClient, { categorySlug = '' }, search) => {
    await Promise.all([
      queryClient.fetchQuery(categoryQueryOptions(categorySlug)),
      queryClient.fetchInfiniteQuery(productPagesQueryOptions(listingQuery(categorySlug, readListing(search)))),
    ])
  },
  content: async () => {},
}

/** Storefront pages rendered on the server, in the router's own patterns and order (a catch-all last). */
const PAGES = STORE_ROUTES.flatMap((route) => (route.serverData ? [{ pattern: route.path, load: LOADERS[route.serverData] }] : []))

/**
 * Fills `queryClient` with what the page at `url` shows, the header's categories and the owner's
 * store texts (the header, the footer and the pages show them: rendered with them, never with defaults).
 * Answers false for a page the server does not render; throws when the page's data cannot be
 * had (an unknown product or category), and the page is then left to the browser.
 */
export async function loadPageData(queryClient: QueryClient, url: URL): Promise<boolean> {
  for (const { pattern, load } of PAGES) {
    const match = matchPath(pattern, url.pathname)
    if (!match) continue
    await Promise.all([
      queryClient.fetchQuery(categoriesQueryOptions()),
      queryClient.fetchQuery(storeSettingsQueryOptions()),
      load(queryClient, match.params, url.searchParams),
    ])
    return true
  }
  return false
}
