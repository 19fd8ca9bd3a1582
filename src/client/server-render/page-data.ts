/**
 * The data each server-rendered storefront page shows, loaded with the very queries its
 * components run (same keys, same fetchers), so the browser hydrates from the cache the server
 * filled and asks for nothing on arrival. Pages not listed here render in the browser only.
 */
import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts'
import { categoryQueryOptions } from '../features/catalog/api/get-category.ts'
import { productQueryOptions } from '../features/catalog/api/get-product.ts'
import { productsQueryOptions } from '../features/catalog/api/get-products.ts'
import { catalogSectionsQueryOptions } from '../features/catalog/api/get-sections.ts'
import { CATEGORY_PAGE_SIZE, homeRows, HOME_PRODUCT_COUNT } from '../features/catalog/page-sizes.ts'
import { relatedProductsQuery } from '../features/catalog/RelatedProducts.tsx'

type PageLoader = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<void>

const loadHome: PageLoader = async (queryClient) => {
  const latest = await queryClient.fetchQuery(productsQueryOptions({ limit: HOME_PRODUCT_COUNT }))
  const { heroProductId } = homeRows(latest.data)
  if (heroProductId) await queryClient.fetchQuery(productQueryOptions(heroProductId))
}

const noData: PageLoader = async () => {}

/** Storefront pages rendered on the server, in the router's own patterns. */
const PAGES: Array<[pattern: string, load: PageLoader]> = [
  ['/', loadHome],
  ['/home', loadHome],
  [
    '/products',
    async (queryClient, _params, search) => {
      const category = search.get('category')
      await (category ? queryClient.fetchQuery(productsQueryOptions({ category, limit: CATEGORY_PAGE_SIZE })) : queryClient.fetchQuery(catalogSectionsQueryOptions()))
    },
  ],
  [
    '/products/:productId',
    async (queryClient, { productId = '' }) => {
      const product = await queryClient.fetchQuery(productQueryOptions(productId))
      if (product.category) await queryClient.fetchQuery(productsQueryOptions(relatedProductsQuery(product)))
    },
  ],
  ['/learn', noData],
  ['/about', noData],
  ['/support', noData],
  [
    '/:categorySlug',
    async (queryClient, { categorySlug = '' }) => {
      await Promise.all([queryClient.fetchQuery(categoryQueryOptions(categorySlug)), queryClient.fetchQuery(productsQueryOptions({ category: categorySlug, limit: CATEGORY_PAGE_SIZE }))])
    },
  ],
]

/**
 * Fills `queryClient` with what the page at `url` shows, and the header's categories.
 * Answers false for a page the server does not render; throws when the page's data cannot be
 * had (an unknown product or category), and the page is then left to the browser.
 */
export async function loadPageData(queryClient: QueryClient, url: URL): Promise<boolean> {
  for (const [pattern, load] of PAGES) {
    const match = matchPath(pattern, url.pathname)
    if (!match) continue
    await Promise.all([queryClient.fetchQuery(categoriesQueryOptions()), load(queryClient, match.params, url.searchParams)])
    return true
  }
  return false
}
