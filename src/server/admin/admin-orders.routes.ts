/**
 * The owner's orders under /api/admin/orders: the list (status, buyer email, dates), one order
 * with what support needs (items with remaining downloads, amounts, the provider's session and
 * payment ids, refunds, disputes, the download log and who did what to it), and the actions:
 * refund the order or one item (through the payment provider; downloads end at once), add
 * downloads to an item, send the receipt again, revoke the order's private links. Every action
 * is audited on the order. Support staff may read orders, add downloads and send a receipt again
 * (`support: true`); refunds and revoking links are the admin's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  addDownloadsBodySchema,
  adminOrderListSchema,
  adminOrderSchema,
  listAdminOrdersQuerySchema,
  refundOrderBodySchema,
  type AdminOrder,
} from '../../shared/contract/admin-orders.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { ownerTaxDocumentPdfPath } from '../../shared/contract/tax-documents.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin, requireStaff } from '../auth/session.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { DownloadsService } from '../downloads/downloads.service.ts'
import type { AfterSaleService } from '../orders/after-sale.service.ts'
import type { FulfilmentService } from '../orders/fulfilment.service.ts'
import type { OrderAccessService } from '../orders/order-access.service.ts'
import type { TaxDocumentsService } from '../tax/tax-documents.service.ts'
import { toAccessLinkViews, toAdminOrderView, type OrderAdminService } from '../orders/order-admin.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  500: apiErrorSchema,
  502: apiErrorSchema,
}
const params = z.object({ id: recordId('id') })
const orderResponse = z.object({ data: adminOrderSchema })

export interface AdminOrdersDeps {
  orders: Pick<OrderAdminService, 'adminOrders' | 'adminOrder' | 'addDownloads'>
  afterSale: Pick<AfterSaleService, 'refundOrder'>
  fulfilment: Pick<FulfilmentService, 'resendReceiptForOwner'>
  downloads: Pick<DownloadsService, 'downloadLogOf'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  audit: Pick<AuditService, 'record' | 'recordAfter' | 'trailOf'>
  orderAccess: Pick<OrderAccessService, 'revokeLinks'>
  taxDocuments: Pick<TaxDocumentsService, 'documentsOfOrders'>
}

export function adminOrdersRoutes({
  orders,
  afterSale,
  fulfilment,
  downloads,
  catalog,
  audit,
  orderAccess,
  taxDocuments,
}: AdminOrdersDeps): FastifyPluginAsyncZod {
  async function detail(orderId: string): Promise<AdminOrder> {
    const order = await orders.adminOrder(orderId)
    const [products, log, trail, documents] = await Promise.all([
      catalog.productSummariesByIds(order.items.map((item) => item.productId)),
      downloads.downloadLogOf(order.items.map((item) => item.id)),
      audit.trailOf('order', order.id),
      taxDocuments.documentsOfOrders([order.id], ownerTaxDocumentPdfPath),
    ])
    return {
      ...toAdminOrderView(order, products),
      downloads: log.map((entry) => ({
        at: entry.at.toISOString(),
        orderItemId: entry.orderItemId,
        productName: products.get(entry.productId)?.name ?? 'Product',
        fileVersion: entry.fileVersion,
        ipAddress: entry.ipAddress,
        userAgent: entry.userAgent,
      })),
      history: trail,
      accessLinks: toAccessLinkViews(order.accessLinks, log),
      documents: documents.get(order.id) ?? [],
    }
  }

  return async (app) => {
    app.get(
      '/api/admin/orders',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every order, newest first; filter by status, buyer email and dates (YYYY-MM-DD, inclusive)',
          querystring: listAdminOrdersQuerySchema,
          response: { 200: adminOrderListSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load orders', support: true },
      },
      async (request) => {
        const { rows, total } = await orders.adminOrders(request.query)
        return {
          data: rows.map((row) => ({ ...row, orderNumber: orderNumberOf(row.id), createdAt: row.createdAt.toISOString() })),
          total,
          limit: request.query.limit,
          offset: request.query.offset,
        }
      },
    )

    app.get(
      '/api/admin/orders/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'One order: items, amounts, provider ids, refunds, disputes, download log and audit trail',
          params,
          response: { 200: orderResponse, ...errors },
        },
        config: { failureMessage: 'Failed to load the order', support: true },
      },
      async (request) => ({ data: await detail(request.params.id) }),
    )

    app.post(
      '/api/admin/orders/:id/refund',
      {
        schema: {
          tags: ['admin'],
          summary: 'Refund the order, or the items named, through the payment provider; their downloads end at once',
          params,
          body: refundOrderBodySchema,
          response: { 200: orderResponse, ...errors },
        },
        config: { failureMessage: 'Failed to refund the order' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { orderItemIds, reason } = request.body
        await afterSale.refundOrder({
          orderId: request.params.id,
          orderItemIds,
          reason: reason || 'requested_by_customer',
          requestedBy: actor.id,
          audit: (tx, change) => audit.record(tx, { actor, action: 'order.refund', subject: { type: 'order', id: request.params.id }, ...change }),
        })
        return { data: await detail(request.params.id) }
      },
    )

    app.post(
      '/api/admin/orders/:id/items/:itemId/downloads',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give an item more downloads (1 to 100)',
          params: params.extend({ itemId: recordId('itemId') }),
          body: addDownloadsBodySchema,
          response: { 200: orderResponse, ...errors },
        },
        config: { failureMessage: 'Failed to add downloads', support: true },
      },
      async (request) => {
        const actor = await requireStaff(request)
        const { id, itemId } = request.params
        await orders.addDownloads(id, itemId, request.body.downloads, (tx, change) =>
          audit.record(tx, {
            actor,
            action: 'order.add_downloads',
            subject: { type: 'order', id },
            before: { item: itemId, ...change.before },
            after: { item: itemId, ...change.after },
          }),
        )
        return { data: await detail(id) }
      },
    )

    app.post(
      '/api/admin/orders/:id/access-links/revoke',
      {
        schema: {
          tags: ['admin'],
          summary: "Revoke every live private link of the order: whoever holds one sees nothing; the buyer's address can still get a new one",
          params,
          response: { 200: orderResponse, ...errors },
        },
        config: { failureMessage: 'Failed to revoke the order links' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { id } = request.params
        await orderAccess.revokeLinks(id, actor.email, (tx, change) =>
          audit.record(tx, { actor, action: 'order.revoke_access_links', subject: { type: 'order', id }, ...change }),
        )
        return { data: await detail(id) }
      },
    )

    app.post(
      '/api/admin/orders/:id/receipt',
      {
        schema: {
          tags: ['admin'],
          summary: 'Send the order\u2019s receipt again to the email it was placed with',
          params,
          response: { 200: z.object({ data: z.object({ email: z.string() }) }), ...errors },
        },
        config: { failureMessage: 'Failed to send the receipt', support: true },
      },
      async (request) => {
        const actor = await requireStaff(request)
        const sent = await fulfilment.resendReceiptForOwner(request.params.id)
        await audit.recordAfter({ actor, action: 'order.resend_receipt', subject: { type: 'order', id: request.params.id }, after: { to: sent.email } })
        return { data: sent }
      },
    )
  }
}
