/**
 * GET /api/products/:id/bundle-items: what an active bundle holds, in the owner's order, as the
 * bundle's page lists it (cover, name, price, preview). Public, the same for every shopper: served
 * from the catalog cache like the catalog's other answers, and cleared with them when a bundle's
 * items change (bundle_items notifies the catalog's channel).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BUNDLE_MESSAGES, bundleItemsResponseSchema } from '../../shared/contract/bundles.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { BundlesService } from './bundles.service.ts'
import type { CatalogCache } from './catalog-cache.ts'
import { sendCached } from './cached-answer.ts'

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export function bundleItemsRoutes(catalog: Pick<BundlesService, 'bundleItemList'>, cache: CatalogCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/products/:id/bundle-items',
      {
        schema: {
          tags: ['catalog'],
          summary: "What a bundle holds, in the owner's order, each with its cover, price and preview (empty for a product that is not a bundle)",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: bundleItemsResponseSchema, ...errors },
        },
        config: { failureMessage: BUNDLE_MESSAGES.fetchItems },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await cache.answer(`bundle-items:${request.params.id}`, async () => ({ data: await catalog.bundleItemList(request.params.id) })),
        ),
    )
  }
}
