/**
 * GET /api/purchases (the download hub's list) and GET /api/purchases/owned-products (ids for
 * the "✓ Owned - Download" badge and the already-owned rule). Personal answers: never cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DOWNLOAD_SERVER_MESSAGES as MESSAGES, ownedProductsResponseSchema, purchasesResponseSchema } from '../../shared/contract/downloads.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { requireUser } from '../auth/session.ts'
import type { PurchasesService } from './purchases.service.ts'

const errors = { 401: apiErrorSchema, 500: apiErrorSchema }

export function purchasesRoutes(purchases: PurchasesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/purchases',
      {
        schema: {
          tags: ['downloads'],
          summary: "Items of the signed-in user's COMPLETED orders with product and order, newest first",
          response: { 200: purchasesResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchPurchases },
      },
      async (request) => {
        const user = await requireUser(request)
        return { data: await purchases.listPurchases({ userId: user.id }) }
      },
    )

    app.get(
      '/api/purchases/owned-products',
      {
        schema: {
          tags: ['downloads'],
          summary: "Ids of the products in the signed-in user's COMPLETED orders",
          response: { 200: ownedProductsResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchPurchases },
      },
      async (request) => {
        const user = await requireUser(request)
        return { data: await purchases.ownedProductIds(user.id) }
      },
    )
  }
}
