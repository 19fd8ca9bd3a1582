/**
 * Order routes: GET /api/orders (the signed-in user's, paged), GET /api/orders/:id,
 * GET /api/orders/by-session/:sessionId (the payment success page) and
 * POST /api/orders/:id/receipt (send the receipt again, a few times an hour). Thin handlers
 * over buyer-orders.service.ts and fulfilment.service.ts; every answer is personal, so none is
 * cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CHECKOUT_SERVER_MESSAGES as MESSAGES,
  ORDER_BY_SESSION_PATH_PREFIX,
  listOrdersQuerySchema,
  listOrdersResponseSchema,
  orderResponseSchema,
  sessionOrderResponseSchema,
} from '../../shared/contract/checkout.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { getSessionUser, requireUser } from '../auth/session.ts'
import { sendRateLimited, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import type { BuyerOrdersService } from './buyer-orders.service.ts'
import type { CheckoutClaimsService } from './checkout-claims.service.ts'
import { RECEIPT_MESSAGES, type FulfilmentService } from './fulfilment.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/** A receipt may be asked for again three times an hour per order: enough for a lost email, not for a mail bomb. */
export const RECEIPT_RESEND_LIMIT: RateLimitRule = { name: 'receipt-resend', max: 3, windowMs: 60 * 60_000, message: RECEIPT_MESSAGES.tooMany }

export interface OrderRouteDeps {
  orders: Pick<BuyerOrdersService, 'listOrders' | 'orderBySession' | 'getOrder'>
  /** Which checkouts the asking browser began: the success page shows only those. */
  claims: Pick<CheckoutClaimsService, 'claimedOrderIds'>
  fulfilment: Pick<FulfilmentService, 'resendReceiptForBuyer'>
  limiter: RateLimiter
}

export function orderRoutes({ orders, claims, fulfilment, limiter }: OrderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/orders',
      {
        schema: {
          tags: ['orders'],
          summary: "The signed-in user's orders with items, newest first",
          querystring: listOrdersQuerySchema,
          response: { 200: listOrdersResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchOrders },
      },
      async (request) => {
        const user = await requireUser(request)
        return orders.listOrders(user.id, request.query)
      },
    )

    app.get(
      `${ORDER_BY_SESSION_PATH_PREFIX}/:sessionId`,
      {
        schema: {
          tags: ['orders'],
          summary: 'The order behind a payment session, to the browser that began its checkout (success page); fulfils a paid session not yet fulfilled',
          params: z.object({ sessionId: z.string().min(1).max(300) }),
          response: { 200: sessionOrderResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchOrder },
      },
      async (request) => {
        const viewer = await getSessionUser(request)
        const claimedOrderIds = claims.claimedOrderIds(request.headers.cookie)
        return { data: await orders.orderBySession(request.params.sessionId, { userId: viewer?.id ?? null, claimedOrderIds }) }
      },
    )

    app.get(
      '/api/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: "One of the signed-in user's orders",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: orderResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchOrder },
      },
      async (request) => {
        const user = await requireUser(request)
        return { data: await orders.getOrder(user.id, request.params.id) }
      },
    )

    app.post(
      '/api/orders/:id/receipt',
      {
        schema: {
          tags: ['orders'],
          summary: "Send the receipt of one of the signed-in user's paid orders again",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: z.object({ data: z.object({ email: z.string() }) }), ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
        },
        config: { failureMessage: RECEIPT_MESSAGES.failed },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const decision = await limiter.consume(RECEIPT_RESEND_LIMIT, `${user.id}:${request.params.id}`)
        if (!decision.allowed) return sendRateLimited(reply, RECEIPT_RESEND_LIMIT, decision)
        return { data: await fulfilment.resendReceiptForBuyer(user.id, request.params.id) }
      },
    )
  }
}
