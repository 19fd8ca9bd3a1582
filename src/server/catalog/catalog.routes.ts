/**
 * Catalog routes: thin handlers that validate, call the catalog service and answer. Every answer
 * here is public (the same for every shopper), so it is served from the catalog cache as
 * ready bytes with an ETag, cacheable by browsers and CDNs.
 */
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
} from '../../shared/contract/catalog.ts'
import { apiErrorSchema, ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { sendCached, type CatalogCache } from './catalog-cache.ts'
import type { CatalogService } from './catalog.service.ts'

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export function catalogRoutes(catalog: CatalogService, cache: CatalogCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/products', {
      schema: { tags: ['catalog'], summary: 'List active products', querystring: productListQuerySchema, response: { 200: productListSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchProducts },
    }, async (request, reply) => {
      const query = request.query
      const key = `products?${JSON.stringify([query.category, query.search, query.sortBy, query.sortOrder, query.limit, query.offset])}`
      return sendCached(request, reply, await cache.answer(key, () => catalog.listProducts(query)))
    })

    app.get('/api/products/:id', {
      schema: { tags: ['catalog'], summary: 'One active product', params: z.object({ id: z.string().max(100) }), response: { 200: productResponseSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchProduct },
    }, async (request, reply) => sendCached(request, reply, await cache.answer(`product:${request.params.id}`, async () => ({ data: await catalog.getProduct(request.params.id) }))))

    app.get('/api/catalog/sections', {
      schema: { tags: ['catalog'], summary: 'The All Products view in one answer: every category with its 3 newest products and its product count', response: { 200: catalogSectionsSchema, 500: apiErrorSchema } },
      config: { failureMessage: ERROR_MESSAGES.fetchProducts },
    }, async (request, reply) => sendCached(request, reply, await cache.answer('sections', async () => ({ data: await catalog.catalogSections(CATALOG_SECTION_SIZE) }))))

    app.get('/api/categories', {
      schema: { tags: ['catalog'], summary: 'Categories ordered by name', response: { 200: categoryListSchema, 500: apiErrorSchema } },
      config: { failureMessage: ERROR_MESSAGES.fetchCategories },
    }, async (request, reply) => sendCached(request, reply, await cache.answer('categories', async () => ({ data: await catalog.listCategories() }))))

    app.get('/api/categories/:slug', {
      schema: { tags: ['catalog'], summary: 'One category by slug', params: z.object({ slug: z.string().max(100) }), response: { 200: categoryResponseSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchCategory },
    }, async (request, reply) => sendCached(request, reply, await cache.answer(`category:${request.params.slug}`, async () => ({ data: await catalog.getCategory(request.params.slug) }))))
  }
}
