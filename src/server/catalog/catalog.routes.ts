/** Catalog routes: thin handlers that validate, call the catalog service and answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  categoryListSchema,
  categoryResponseSchema,
  productListQuerySchema,
  productListSchema,
  productResponseSchema,
} from '../../shared/contract/catalog.ts'
import { apiErrorSchema, ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import type { CatalogService } from './catalog.service.ts'

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/products', {
      schema: { tags: ['catalog'], summary: 'List active products', querystring: productListQuerySchema, response: { 200: productListSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchProducts },
    }, async (request) => catalog.listProducts(request.query))

    app.get('/api/products/:id', {
      schema: { tags: ['catalog'], summary: 'One active product', params: z.object({ id: z.string().max(100) }), response: { 200: productResponseSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchProduct },
    }, async (request) => ({ data: await catalog.getProduct(request.params.id) }))

    app.get('/api/categories', {
      schema: { tags: ['catalog'], summary: 'Categories ordered by name', response: { 200: categoryListSchema, 500: apiErrorSchema } },
      config: { failureMessage: ERROR_MESSAGES.fetchCategories },
    }, async () => ({ data: await catalog.listCategories() }))

    app.get('/api/categories/:slug', {
      schema: { tags: ['catalog'], summary: 'One category by slug', params: z.object({ slug: z.string().max(100) }), response: { 200: categoryResponseSchema, ...errors } },
      config: { failureMessage: ERROR_MESSAGES.fetchCategory },
    }, async (request) => ({ data: await catalog.getCategory(request.params.slug) }))
  }
}
