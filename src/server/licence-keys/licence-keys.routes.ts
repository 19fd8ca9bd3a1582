/**
 * Licence keys for their buyers: GET /api/licence-keys (a signed-in buyer's keys with their
 * activations), DELETE /api/licence-keys/:keyId/activations/:activationId (frees one), and
 * GET /api/order-access/:token/licence-keys (a guest order's keys, through its private link).
 * The activation API for the products' software is registered with them (activation.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { LICENCE_KEY_ERROR_CODES, licenceKeyListResponseSchema } from '../../shared/contract/licence-keys.ts'
import { ORDER_ACCESS_MESSAGES, orderAccessParamsSchema } from '../../shared/contract/order-access.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireUser } from '../auth/session.ts'
import { notFound } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { OrderAccessService } from '../orders/order-access.service.ts'
import { activationRoutes } from './activation.routes.ts'
import { LICENCE_KEY_ADMIN_MESSAGES, type LicenceKeysService } from './licence-keys.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const activationParams = z.object({ keyId: recordId('keyId'), activationId: recordId('activationId') })

const ACTIVATION_NOT_FOUND = 'Activation not found'

export interface LicenceKeysRouteDeps {
  licenceKeys: Pick<LicenceKeysService, 'activate' | 'validate' | 'deactivate' | 'keysOfItems' | 'freeActivation'>
  orders: Pick<BuyerOrdersService, 'purchasedItemsOf'>
  orderAccess: Pick<OrderAccessService, 'openOrder'>
  limiter: RateLimiter
}

export function licenceKeysRoutes({ licenceKeys, orders, orderAccess, limiter }: LicenceKeysRouteDeps): FastifyPluginAsyncZod {
  /** The keys of the user's paid orders; another user's keys are never among them. */
  async function keysOfUser(userId: string) {
    const items = await orders.purchasedItemsOf({ userId })
    return licenceKeys.keysOfItems(items.map((item) => item.id))
  }

  return async (app) => {
    await app.register(activationRoutes({ licenceKeys, limiter }))

    app.get(
      '/api/licence-keys',
      {
        schema: {
          tags: ['licence-keys'],
          summary: "The signed-in buyer's licence keys, newest order first, each with its live activations",
          response: { 200: licenceKeyListResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load your licence keys' },
      },
      async (request) => {
        const user = await requireUser(request)
        return { data: await keysOfUser(user.id) }
      },
    )

    app.delete(
      '/api/licence-keys/:keyId/activations/:activationId',
      {
        schema: {
          tags: ['licence-keys'],
          summary: "Free one activation of the signed-in buyer's key, so the key can be activated on another machine",
          params: activationParams,
          response: { 204: z.null(), ...errors },
        },
        config: { failureMessage: 'Failed to free the activation' },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const { keyId, activationId } = request.params
        // Another buyer's key or activation is the same 404 as one that does not exist.
        const keys = await keysOfUser(user.id)
        if (!keys.some((key) => key.id === keyId)) throw notFound(LICENCE_KEY_ADMIN_MESSAGES.keyNotFound, LICENCE_KEY_ERROR_CODES.notFound)
        const freed = await licenceKeys.freeActivation(
          keys.map((key) => key.id),
          keyId,
          activationId,
        )
        if (!freed) throw notFound(ACTIVATION_NOT_FOUND, 'ACTIVATION_NOT_FOUND')
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/api/order-access/:token/licence-keys',
      {
        schema: {
          tags: ['licence-keys'],
          summary: "The licence keys of the order a private order link opens (a guest's order page)",
          params: orderAccessParamsSchema,
          response: { 200: licenceKeyListResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the licence keys' },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store')
        const opened = await orderAccess.openOrder(request.params.token)
        if (!opened) throw notFound(ORDER_ACCESS_MESSAGES.notFound, 'ORDER_LINK_NOT_FOUND')
        return { data: await licenceKeys.keysOfItems(opened.order.items.map((item) => item.id)) }
      },
    )
  }
}
