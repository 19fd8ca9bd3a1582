/**
 * The owner's products under /api/admin/products: the list (archived ones too) with sales and
 * downloads, searchable and sortable; one product as its form; create; save over the version
 * it was edited from (409 when someone saved in between); archive by saving it inactive, which
 * hides it from the store and keeps it downloadable for its buyers; duplicate one into a hidden
 * draft; archive or activate several at once. Every change is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminProductSchema,
  auditEntrySchema,
  bulkProductStatusResultSchema,
  bulkProductStatusSchema,
  listAdminProductsQuerySchema,
  productCreateSchema,
  productSaveSchema,
  type AdminProduct,
} from '../../shared/contract/admin-products.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { bestSaleFor } from '../../shared/sales.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import type { SalesService } from '../catalog/sales.service.ts'
import type { Executor } from '../db/client.ts'
import type { DownloadsService } from '../downloads/downloads.service.ts'
import type { OrderReportsService } from '../orders/order-reports.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })
const productResponse = z.object({ data: adminProductSchema })
const productWithHistoryResponse = z.object({ data: adminProductSchema, history: z.array(auditEntrySchema) })

export interface AdminProductsDeps {
  catalog: Pick<ProductAdminService, 'adminProductRows' | 'adminProduct' | 'createProduct' | 'updateProduct' | 'duplicateProduct' | 'setProductsStatus'> &
    Pick<SalesService, 'saleSchedule'>
  orders: Pick<OrderReportsService, 'salesByProduct'>
  downloads: Pick<DownloadsService, 'downloadsByProduct'>
  audit: Pick<AuditService, 'record' | 'trailOf'>
}

/** The sales running now and the moment they were read at: the price a row shows is the store's. */
type SalePricing = Awaited<ReturnType<SalesService['saleSchedule']['pricingNow']>>

export function adminProductsRoutes({ catalog, orders, downloads, audit }: AdminProductsDeps): FastifyPluginAsyncZod {
  type Row = Awaited<ReturnType<typeof catalog.adminProduct>>
  /** The product as the list shows it; `pricing` is the sales running now, so the price is the store's. */
  const view = (row: Row, sales: Map<string, number>, downloaded: Map<string, number>, pricing: SalePricing): AdminProduct => ({
    id: row.product.id,
    name: row.product.name,
    priceCents: row.product.priceCents,
    sale: saleOf(row.product, pricing),
    categoryName: row.categoryName,
    active: row.product.isActive,
    sales: sales.get(row.product.id) ?? 0,
    downloads: downloaded.get(row.product.id) ?? 0,
    version: row.product.version,
    updatedAt: row.product.updatedAt.toISOString(),
    form: row.form,
    media: row.media,
  })
  const saleOf = (product: Row['product'], pricing: SalePricing) => {
    const applied = bestSaleFor(product, pricing.sales, pricing.now)
    return applied ? { name: applied.sale.name, priceCents: applied.priceCents } : null
  }
  const auditAs = (actor: SessionUser, action: string) => (tx: Executor, id: string, change: { before: unknown; after: unknown }) =>
    audit.record(tx, {
      actor,
      action,
      subject: { type: 'product', id },
      before: change.before as Record<string, unknown> | null,
      after: change.after as Record<string, unknown>,
    })
  // A fixed number of queries whatever the number of products: the rows, then sales, downloads and running sales each grouped in one.
  const figures = () => Promise.all([orders.salesByProduct(), downloads.downloadsByProduct(), catalog.saleSchedule.pricingNow()])
  const reload = async (id: string) => view(await catalog.adminProduct(id), ...(await figures()))

  return async (app) => {
    app.get(
      '/api/admin/products',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every product, archived too, with sales and downloads; search and sort',
          querystring: listAdminProductsQuerySchema,
          response: { 200: z.object({ data: z.array(adminProductSchema) }), ...errors },
        },
        config: { failureMessage: 'Failed to load products' },
      },
      async (request) => {
        const { search, status, sortBy, sortOrder } = request.query
        const [rows, [sales, downloaded, pricing]] = await Promise.all([catalog.adminProductRows({ search, status }), figures()])
        const list = rows.map((row) => view(row, sales, downloaded, pricing))
        const key = {
          name: (item: AdminProduct) => item.name.toLowerCase(),
          price: (item: AdminProduct) => item.priceCents,
          sales: (item: AdminProduct) => item.sales,
          updated: (item: AdminProduct) => item.updatedAt,
        }[sortBy]
        const direction = sortOrder === 'asc' ? 1 : -1
        list.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : a.id.localeCompare(b.id)))
        return { data: list }
      },
    )

    app.get(
      '/api/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'One product as its form, with its version and what admins changed, newest first',
          params,
          response: { 200: productWithHistoryResponse, ...errors },
        },
        config: { failureMessage: 'Failed to load the product' },
      },
      async (request) => {
        const data = await reload(request.params.id)
        const trail = await audit.trailOf('product', data.id)
        return {
          data,
          history: trail,
        }
      },
    )

    app.post(
      '/api/admin/products',
      {
        schema: { tags: ['admin'], summary: 'Create a product from the form', body: productCreateSchema, response: { 201: productResponse, ...errors } },
        config: { failureMessage: 'Failed to create the product' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const created = await catalog.createProduct(request.body.form, auditAs(actor, 'product.create'))
        return reply.status(201).send({ data: await reload(created.id) })
      },
    )

    app.put(
      '/api/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save the form over the version it was edited from (409 when the product changed since)',
          params,
          body: productSaveSchema,
          response: { 200: productResponse, ...errors },
        },
        config: { failureMessage: 'Failed to save the product' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        await catalog.updateProduct(request.params.id, request.body.form, request.body.version, auditAs(actor, 'product.update'))
        return { data: await reload(request.params.id) }
      },
    )

    app.post(
      '/api/admin/products/:id/duplicate',
      {
        schema: {
          tags: ['admin'],
          summary: 'A hidden copy of the product, "<name> (copy)", without its file, sales or downloads',
          params,
          response: { 201: productResponse, ...errors },
        },
        config: { failureMessage: 'Failed to duplicate the product' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const copy = await catalog.duplicateProduct(request.params.id, (tx, id, { before, after, sourceId }) =>
          audit.record(tx, { actor, action: 'product.duplicate', subject: { type: 'product', id }, before, after: { ...after, sourceId } }),
        )
        return reply.status(201).send({ data: await reload(copy.id) })
      },
    )

    app.post(
      '/api/admin/products/bulk-status',
      {
        schema: {
          tags: ['admin'],
          summary: 'Archive or activate up to 100 products at once: all of them or, on an unknown id, none',
          body: bulkProductStatusSchema,
          response: { 200: z.object({ data: bulkProductStatusResultSchema }), ...errors },
        },
        config: { failureMessage: 'Failed to change the products\u2019 status' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const action = request.body.status === 'active' ? 'product.activate' : 'product.archive'
        return { data: await catalog.setProductsStatus(request.body, auditAs(actor, action)) }
      },
    )
  }
}
