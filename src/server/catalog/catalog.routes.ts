/**
 * Catalog routes: thin handlers that validate, call the catalog service and answer. Every answer
 * here is public (the same for every shopper), so it is served from the catalog cache as
 * ready bytes with an ETag, cacheable by browsers and CDNs.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CATALOG_SECTION_SIZE,
  catalogSectionsSchema,
  categoryListSchema,
  categoryResponseSchema,
  productListQuerySchema,
  productListSchema,
  productResponseSchema,
  RELATED_PRODUCT_COUNT,
  relatedProductsSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
  SUGGESTION_MIN_CHARS,
  type ProductListItem,
} from '../../shared/contract/catalog.ts'
import { apiErrorSchema, ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import type { BundlesService } from './bundles.service.ts'
import type { CatalogCache } from './catalog-cache.ts'
import type { CatalogReadsService } from './catalog-reads.service.ts'
import { sendCached } from './cached-answer.ts'

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/** One list, one key: the same filters in another order are the same answer. */
function cacheKeyOf(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
      .sort(),
  )
}

/** The catalog's public reads, and the bundles' counts the cards show. */
export type CatalogRoutesCatalog = Pick<
  CatalogReadsService,
  | 'listProducts'
  | 'productFacets'
  | 'countsFacetsWithList'
  | 'searchSuggestions'
  | 'getProduct'
  | 'relatedProducts'
  | 'catalogSections'
  | 'listCategories'
  | 'getCategory'
> &
  Pick<BundlesService, 'withBundleItemCounts'>

export function catalogRoutes(catalog: CatalogRoutesCatalog, cache: CatalogCache): FastifyPluginAsyncZod {
  /** A list whose bundles say how many products they hold (the cards' "Bundle · 5 packs"). */
  const withBundleCounts = async <T extends { data: ProductListItem[] }>(list: T): Promise<T> => ({
    ...list,
    data: await catalog.withBundleItemCounts(list.data),
  })

  /** The cached answer under `key`, noted as what the request's address asks for. */
  const answerFor = (request: FastifyRequest, key: string, produce: () => Promise<unknown>) => cache.answer(key, produce, request.url)

  return async (app) => {
    // An address answered before gets its kept answer before validation and the handler run:
    // the same address asks the same question, so they could not change it.
    app.addHook('onRequest', async (request, reply) => {
      const ready = cache.readyFor(request.url)
      if (ready) return sendCached(request, reply, ready)
    })

    app.get(
      '/api/products',
      {
        schema: { tags: ['catalog'], summary: 'List active products', querystring: productListQuerySchema, response: { 200: productListSchema, ...errors } },
        config: { failureMessage: ERROR_MESSAGES.fetchProducts },
      },
      async (request, reply) => {
        const query = request.query
        const key = `products?${cacheKeyOf(query)}`
        return sendCached(
          request,
          reply,
          await answerFor(request, key, async () => {
            // The index counts a list's facets in the pass that finds its products.
            if (!query.facets || catalog.countsFacetsWithList) return withBundleCounts(await catalog.listProducts(query))
            // In SQL the counts are a query of their own; they do not change with the order or the page: every page of one filtered list shares them.
            const { sortBy: _sortBy, sortOrder: _sortOrder, limit: _limit, offset: _offset, ...filters } = query
            const [list, facets] = await Promise.all([
              catalog.listProducts({ ...query, facets: false }).then(withBundleCounts),
              cache.value(`facets?${cacheKeyOf(filters)}`, () => catalog.productFacets(query, (key, make) => cache.value(key, make))),
            ])
            return { ...list, facets }
          }),
        )
      },
    )

    app.get(
      '/api/products/:id/related',
      {
        schema: {
          tags: ['catalog'],
          summary: 'More like this: products of the same genre, a compatible key and a close tempo first, then the same category',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: relatedProductsSchema, ...errors },
        },
        config: { failureMessage: ERROR_MESSAGES.fetchProducts },
      },
      async (request, reply) => {
        const { id } = request.params
        return sendCached(
          request,
          reply,
          await answerFor(request, `related:${id}`, async () => {
            await catalog.getProduct(id)
            return { data: await catalog.withBundleItemCounts(await catalog.relatedProducts(id, RELATED_PRODUCT_COUNT)) }
          }),
        )
      },
    )

    app.get(
      '/api/search/suggestions',
      {
        schema: {
          tags: ['catalog'],
          summary: 'What the search box suggests: matching products, categories and tags (from 2 characters)',
          querystring: searchSuggestionsQuerySchema,
          response: { 200: searchSuggestionsSchema, ...errors },
        },
        config: { failureMessage: ERROR_MESSAGES.fetchProducts },
      },
      async (request, reply) => {
        const q = request.query.q.toLowerCase()
        if (q.length < SUGGESTION_MIN_CHARS)
          return sendCached(request, reply, await answerFor(request, 'suggestions:', async () => ({ data: { products: [], categories: [], tags: [] } })))
        return sendCached(request, reply, await answerFor(request, `suggestions:${q}`, async () => ({ data: await catalog.searchSuggestions(q) })))
      },
    )

    app.get(
      '/api/products/:id',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One active product',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: productResponseSchema, ...errors },
        },
        config: { failureMessage: ERROR_MESSAGES.fetchProduct },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await answerFor(request, `product:${request.params.id}`, async () => {
            const [product] = await catalog.withBundleItemCounts([await catalog.getProduct(request.params.id)])
            return { data: product! }
          }),
        ),
    )

    app.get(
      '/api/catalog/sections',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The All Products view in one answer: every category with its 3 newest products and its product count',
          response: { 200: catalogSectionsSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: ERROR_MESSAGES.fetchProducts },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await answerFor(request, 'sections', async () => {
            const sections = await catalog.catalogSections(CATALOG_SECTION_SIZE)
            const counted = await catalog.withBundleItemCounts(sections.flatMap((section) => section.products))
            const byId = new Map(counted.map((product) => [product.id, product]))
            return { data: sections.map((section) => ({ ...section, products: section.products.map((product) => byId.get(product.id)!) })) }
          }),
        ),
    )

    app.get(
      '/api/categories',
      {
        schema: { tags: ['catalog'], summary: 'Categories ordered by name', response: { 200: categoryListSchema, 500: apiErrorSchema } },
        config: { failureMessage: ERROR_MESSAGES.fetchCategories },
      },
      async (request, reply) => sendCached(request, reply, await answerFor(request, 'categories', async () => ({ data: await catalog.listCategories() }))),
    )

    app.get(
      '/api/categories/:slug',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One category by slug',
          params: z.object({ slug: z.string().max(100) }),
          response: { 200: categoryResponseSchema, ...errors },
        },
        config: { failureMessage: ERROR_MESSAGES.fetchCategory },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await answerFor(request, `category:${request.params.slug}`, async () => ({ data: await catalog.getCategory(request.params.slug) })),
        ),
    )
  }
}
