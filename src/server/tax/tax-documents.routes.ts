/**
 * A buyer's invoices and credit notes: GET /api/orders/:orderId/documents (the list) and
 * GET /api/orders/:orderId/documents/:documentId.pdf for the signed-in buyer's own order
 * (another's order is the same 404 as an unknown one), and
 * GET /api/order-access/:token/documents/:documentId.pdf for whoever holds a private order link.
 * Every answer is personal, so none is cached.
 */
import contentDisposition from 'content-disposition'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CHECKOUT_SERVER_MESSAGES } from '../../shared/contract/checkout.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { ORDER_ACCESS_MESSAGES, orderAccessParamsSchema } from '../../shared/contract/order-access.ts'
import { buyerTaxDocumentPdfPath, TAX_DOCUMENT_MESSAGES, taxDocumentListResponseSchema } from '../../shared/contract/tax-documents.ts'
import { requireUser } from '../auth/session.ts'
import { notFound } from '../http/errors.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { OrderAccessService } from '../orders/order-access.service.ts'
import type { TaxDocumentsService } from './tax-documents.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const orderParams = z.object({ orderId: z.string().max(100) })
const documentParams = orderParams.extend({ documentId: z.string().max(100) })
const linkDocumentParams = orderAccessParamsSchema.extend({ documentId: z.string().max(100) })

export interface TaxDocumentRouteDeps {
  taxDocuments: Pick<TaxDocumentsService, 'documentsOfOrders' | 'documentPdf'>
  orders: Pick<BuyerOrdersService, 'ownsOrder'>
  orderAccess: Pick<OrderAccessService, 'openOrder'>
}

export function taxDocumentRoutes({ taxDocuments, orders, orderAccess }: TaxDocumentRouteDeps): FastifyPluginAsyncZod {
  /** The signed-in buyer's own order, or the one 404 for any other id. */
  async function ownOrder(userId: string, orderId: string): Promise<void> {
    if (!(await orders.ownsOrder(userId, orderId))) throw notFound(CHECKOUT_SERVER_MESSAGES.orderNotFound)
  }

  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/orders/:orderId/documents',
      {
        schema: {
          tags: ['orders'],
          summary: "The invoice and credit notes of one of the signed-in user's orders",
          params: orderParams,
          response: { 200: taxDocumentListResponseSchema, ...errors },
        },
        config: { failureMessage: TAX_DOCUMENT_MESSAGES.loadFailed },
      },
      async (request) => {
        const user = await requireUser(request)
        const { orderId } = request.params
        await ownOrder(user.id, orderId)
        return { data: (await taxDocuments.documentsOfOrders([orderId], buyerTaxDocumentPdfPath)).get(orderId) ?? [] }
      },
    )

    app.get(
      '/api/orders/:orderId/documents/:documentId.pdf',
      {
        schema: { tags: ['orders'], summary: "An invoice or credit note of one of the signed-in user's orders, as a PDF", params: documentParams },
        config: { failureMessage: TAX_DOCUMENT_MESSAGES.pdfFailed },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const { orderId, documentId } = request.params
        await ownOrder(user.id, orderId)
        const { fileName, pdf } = await taxDocuments.documentPdf(orderId, documentId)
        return reply.type('application/pdf').header('Content-Disposition', contentDisposition(fileName)).send(pdf)
      },
    )

    app.get(
      '/api/order-access/:token/documents/:documentId.pdf',
      {
        schema: { tags: ['orders'], summary: 'An invoice or credit note of the order a private link opens, as a PDF', params: linkDocumentParams },
        config: { failureMessage: TAX_DOCUMENT_MESSAGES.pdfFailed },
      },
      async (request, reply) => {
        const opened = await orderAccess.openOrder(request.params.token)
        if (!opened) throw notFound(ORDER_ACCESS_MESSAGES.notFound, 'ORDER_LINK_NOT_FOUND')
        const { fileName, pdf } = await taxDocuments.documentPdf(opened.order.id, request.params.documentId)
        return reply.type('application/pdf').header('Content-Disposition', contentDisposition(fileName)).send(pdf)
      },
    )
  }
}
