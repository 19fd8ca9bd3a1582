/**
 * A buyer without an account: GET /api/order-access/:token (the order a private link opens,
 * its items as the Download Hub lists them), POST /api/order-access/:token/downloads (a counted
 * download of one of its items: the hub's grant, scoped to that order) and POST
 * /api/orders/find ("Find my order": the links of an address's paid orders, emailed). Every
 * answer is personal, so none is cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createDownloadBodySchema, createDownloadResponseSchema, DOWNLOAD_SERVER_MESSAGES, type Purchase } from '../../shared/contract/downloads.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import {
  findOrdersBodySchema,
  findOrdersResponseSchema,
  guestOrderResponseSchema,
  ORDER_ACCESS_MESSAGES as MESSAGES,
  orderAccessParamsSchema,
} from '../../shared/contract/order-access.ts'
import { guestTaxDocumentPdfPath } from '../../shared/contract/tax-documents.ts'
import { notFound } from '../http/errors.ts'
import { refusedByIpOrAddress, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { OpenedOrder, OrderAccessService } from './order-access.service.ts'
import type { OrderTaxDocuments } from './order-dependents.types.ts'
import { toGuestOrder } from './order-views.ts'

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const USER_AGENT_MAX = 512

/**
 * Each request emails the address, so "Find my order" must not become a way to flood an inbox
 * nor to probe many addresses: a few an hour per address, more per IP (a shared office).
 */
export const FIND_ORDER_LIMITS = {
  ip: { name: 'find-order-ip', max: 10, windowMs: 60 * 60_000, message: MESSAGES.tooManyRequests },
  email: { name: 'find-order-email', max: 3, windowMs: 60 * 60_000, message: MESSAGES.tooManyRequests },
} satisfies Record<string, RateLimitRule>

/** A download of one of the link's order's items, logged with the link it was asked through. */
interface OrderDownloadRequest {
  scope: { orderId: string }
  accessLinkId: string
  orderItemId: string
  productId: string
  ipAddress: string | null
  userAgent: string | null
}

export interface OrderAccessRouteDeps {
  orderAccess: Pick<OrderAccessService, 'openOrder' | 'emailOrderLinks'>
  /**
   * The order's items as the Download Hub lists them, a counted download of one, and its signed
   * address (downloads/: purchases.service.ts, downloads.service.ts, download-links.ts). Declared
   * here by the shape this page uses: downloads name orders, and orders never import them back.
   */
  purchases: { listPurchases(scope: { orderId: string }): Promise<Purchase[]> }
  downloads: { createGrant(request: OrderDownloadRequest): Promise<{ id: string; downloadsRemaining: number }> }
  links: { sign(grantId: string): { url: string; expiresAt: Date } }
  limiter: RateLimiter
  /** Signs licence codes (AUTH_SECRET). */
  licenceSecret: string
  /** The order's invoice and credit notes, opened through the same link. */
  taxDocuments: Pick<OrderTaxDocuments, 'documentsOfOrders'>
}

export function orderAccessRoutes({
  orderAccess,
  purchases,
  downloads,
  links,
  limiter,
  licenceSecret,
  taxDocuments,
}: OrderAccessRouteDeps): FastifyPluginAsyncZod {
  /** The order a token opens; an unknown, altered or revoked link is one 404 (never which). */
  async function open(token: string): Promise<OpenedOrder> {
    const opened = await orderAccess.openOrder(token)
    if (!opened) throw notFound(MESSAGES.notFound, 'ORDER_LINK_NOT_FOUND')
    return opened
  }

  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/order-access/:token',
      {
        schema: {
          tags: ['orders'],
          summary: 'The paid order a private order link opens, with its items, the downloads each has left and the licence',
          params: orderAccessParamsSchema,
          response: { 200: guestOrderResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.loadFailed },
      },
      async (request) => {
        const { token } = request.params
        const { order } = await open(token)
        const [items, documents] = await Promise.all([
          purchases.listPurchases({ orderId: order.id }),
          taxDocuments.documentsOfOrders([order.id], (_orderId, documentId) => guestTaxDocumentPdfPath(token, documentId)),
        ])
        return { data: toGuestOrder(order, items, licenceSecret, documents.get(order.id)) }
      },
    )

    app.post(
      '/api/order-access/:token/downloads',
      {
        schema: {
          tags: ['orders'],
          summary: "Spends one download of an item of the link's order and answers a short-lived signed URL (as POST /api/downloads)",
          params: orderAccessParamsSchema,
          body: createDownloadBodySchema,
          response: { 200: createDownloadResponseSchema, ...errors },
        },
        config: { failureMessage: DOWNLOAD_SERVER_MESSAGES.createDownload },
      },
      async (request) => {
        const { order, linkId } = await open(request.params.token)
        // The hub's grant, scoped to this order: an item of any other order is the same 404 as an unknown one.
        const grant = await downloads.createGrant({
          scope: { orderId: order.id },
          accessLinkId: linkId,
          orderItemId: request.body.orderItemId,
          productId: request.body.productId,
          ipAddress: request.ip || null,
          userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
        })
        const link = links.sign(grant.id)
        return { downloadUrl: link.url, downloadsRemaining: grant.downloadsRemaining, expiresAt: link.expiresAt.toISOString() }
      },
    )

    app.post(
      '/api/orders/find',
      {
        schema: {
          tags: ['orders'],
          summary: "Emails the private links of an address's paid orders; answers the same whether or not it has any",
          body: findOrdersBodySchema,
          response: { 200: findOrdersResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: MESSAGES.findFailed },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const email = request.body.email.toLowerCase()
        const limits = { ipRule: FIND_ORDER_LIMITS.ip, ip: request.ip, addressRule: FIND_ORDER_LIMITS.email, address: email }
        if (await refusedByIpOrAddress(limiter, reply, limits)) return reply
        await reply.send({ data: { message: MESSAGES.linksSent } })
        // Looked up and emailed once the answer is sent, so how long it takes says nothing about the address.
        orderAccess.emailOrderLinks(email).catch((error: unknown) => request.log.error({ err: error }, 'could not email order links'))
        return reply
      },
    )
  }
}
