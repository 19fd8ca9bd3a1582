/**
 * Server cart routes (`/api/cart`): thin handlers that resolve the session user, validate,
 * call the cart service and answer. Bodies carry product ids and quantities, and a
 * pay-what-you-want product's amount (the service checks it against the minimum); any other
 * price a client sends is dropped by the schema.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  addCartItemBodySchema,
  CART_ERROR_MESSAGES,
  cartItemParamsSchema,
  cartLineOrNullResponseSchema,
  cartLineResponseSchema,
  cartResponseSchema,
  replaceCartBodySchema,
  updateCartItemBodySchema,
} from '../../shared/contract/cart.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { CartService } from './cart.service.ts'

export interface CartRouteDeps {
  cart: CartService
  /** The session's user; throws 401 "User not authenticated" for guests. */
  requireUser: (request: FastifyRequest) => Promise<{ id: string }>
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const noContent = { 204: z.null().describe('No content') }

export function cartRoutes({ cart, requireUser }: CartRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Carts are personal: never cached by a browser or a proxy.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/cart',
      {
        schema: { tags: ['cart'], summary: "The user's cart lines with product and category, newest first", response: { 200: cartResponseSchema, ...errors } },
        config: { failureMessage: CART_ERROR_MESSAGES.fetchCart },
      },
      async (request) => {
        const user = await requireUser(request)
        return { data: await cart.getCart(user.id) }
      },
    )

    app.post(
      '/api/cart/items',
      {
        schema: {
          tags: ['cart'],
          summary: 'Add a quantity of a product to the cart',
          body: addCartItemBodySchema,
          response: { 200: cartLineResponseSchema, ...errors },
        },
        attachValidation: true,
        config: { failureMessage: CART_ERROR_MESSAGES.addItem },
      },
      async (request) => {
        const user = await requireUser(request)
        rejectInvalidInput(request)
        return { data: await cart.addItem(user.id, request.body) }
      },
    )

    app.patch(
      '/api/cart/items/:productId',
      {
        schema: {
          tags: ['cart'],
          summary: "Set a line's quantity (0 or less removes it) and/or its pay-what-you-want amount",
          params: cartItemParamsSchema,
          body: updateCartItemBodySchema,
          response: { 200: cartLineOrNullResponseSchema, ...errors },
        },
        attachValidation: true,
        config: { failureMessage: CART_ERROR_MESSAGES.updateItem },
      },
      async (request) => {
        const user = await requireUser(request)
        rejectInvalidInput(request)
        const { quantity, chosenPriceCents } = request.body
        return { data: await cart.updateQuantity(user.id, { productId: request.params.productId, quantity, chosenPriceCents }) }
      },
    )

    app.delete(
      '/api/cart/items/:productId',
      {
        schema: { tags: ['cart'], summary: 'Remove a line', params: cartItemParamsSchema, response: { ...noContent, ...errors } },
        config: { failureMessage: CART_ERROR_MESSAGES.removeItem },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        await cart.removeItem(user.id, request.params.productId)
        return reply.status(204).send(null)
      },
    )

    app.delete(
      '/api/cart',
      {
        schema: { tags: ['cart'], summary: 'Remove every line', response: { ...noContent, ...errors } },
        config: { failureMessage: CART_ERROR_MESSAGES.clearCart },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        await cart.clear(user.id)
        return reply.status(204).send(null)
      },
    )

    app.put(
      '/api/cart',
      {
        schema: {
          tags: ['cart'],
          summary: 'Replace the cart (the sign-in merge); all or nothing',
          body: replaceCartBodySchema,
          response: { 200: cartResponseSchema, ...errors },
        },
        attachValidation: true,
        config: { failureMessage: CART_ERROR_MESSAGES.updateItem },
      },
      async (request) => {
        const user = await requireUser(request)
        rejectInvalidInput(request)
        return { data: await cart.replaceCart(user.id, request.body.items) }
      },
    )
  }
}
