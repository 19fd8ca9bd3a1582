/**
 * The owner's timed sales under /api/admin/sales: every sale with its status now and what it did
 * to revenue; create; save the form over the version it was opened at; End now; delete; and the
 * sale's audit trail. Every write is audited on the sale (`sale.create`, `sale.update`,
 * `sale.end`, `sale.delete`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminSaleSchema, saleCreateSchema, saleSaveSchema, saleStatusAt, type AdminSale } from '../../shared/contract/admin-sales.ts'
import { auditEntrySchema } from '../../shared/contract/admin-products.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { AdminSaleRow, SaleAudit, SalesService } from '../catalog/sales.service.ts'
import type { OrderReportsService } from '../orders/order-reports.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })
const saleResponse = z.object({ data: adminSaleSchema })
const NO_EFFECT = { paidOrders: 0, units: 0, revenueCents: 0, discountCents: 0 }

export interface AdminSalesDeps {
  catalog: Pick<SalesService, 'adminSales' | 'createSale' | 'updateSale' | 'endSale' | 'deleteSale'>
  orders: Pick<OrderReportsService, 'effectBySale'>
  audit: Pick<AuditService, 'record' | 'trailOf'>
}

/** The sale as the console lists it, its status read with the clock now. */
export function toAdminSale({ sale: row, form }: AdminSaleRow, effect: AdminSale['effect'] | undefined, now: Date): AdminSale {
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    scope: row.scope,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    active: row.active,
    status: saleStatusAt(row, now),
    effect: effect ?? NO_EFFECT,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    form,
  }
}

export function adminSalesRoutes({ catalog, orders, audit }: AdminSalesDeps): FastifyPluginAsyncZod {
  const auditAs =
    (actor: SessionUser, action: string): SaleAudit =>
    (tx, id, change) =>
      audit.record(tx, { actor, action, subject: { type: 'sale', id }, before: change.before, after: change.after })

  async function list(): Promise<AdminSale[]> {
    const [rows, effects] = await Promise.all([catalog.adminSales(), orders.effectBySale()])
    const now = new Date()
    return rows.map((row) => toAdminSale(row, effects.get(row.sale.id), now))
  }
  const one = async (id: string) => (await list()).find((sale) => sale.id === id)!

  return async (app) => {
    app.get(
      '/api/admin/sales',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every timed sale with its status and its effect on revenue (paid orders, units, revenue, discount given)',
          response: { 200: z.object({ data: z.array(adminSaleSchema) }), ...errors },
        },
        config: { failureMessage: 'Failed to load sales' },
      },
      async () => ({ data: await list() }),
    )

    app.get(
      '/api/admin/sales/:id/history',
      {
        schema: {
          tags: ['admin'],
          summary: 'What admins changed on a sale, newest first',
          params,
          response: { 200: z.object({ data: z.array(auditEntrySchema) }), ...errors },
        },
        config: { failureMessage: 'Failed to load the history' },
      },
      async (request) => ({ data: await audit.trailOf('sale', request.params.id) }),
    )

    app.post(
      '/api/admin/sales',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a timed sale (percent or amount off; the whole store, products or categories; a start and an end)',
          body: saleCreateSchema,
          response: { 201: saleResponse, ...errors },
        },
        config: { failureMessage: 'Failed to create the sale' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const created = await catalog.createSale(request.body.form, auditAs(actor, 'sale.create'))
        return reply.status(201).send({ data: await one(created.id) })
      },
    )

    app.put(
      '/api/admin/sales/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save a sale over the version it was edited from (409 when it changed since); saving switches it on',
          params,
          body: saleSaveSchema,
          response: { 200: saleResponse, ...errors },
        },
        config: { failureMessage: 'Failed to save the sale' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        await catalog.updateSale(request.params.id, request.body.form, request.body.version, auditAs(actor, 'sale.update'))
        return { data: await one(request.params.id) }
      },
    )

    app.post(
      '/api/admin/sales/:id/end',
      {
        schema: {
          tags: ['admin'],
          summary: 'End a sale now: its prices go back at once (a sale not yet started is switched off)',
          params,
          response: { 200: saleResponse, ...errors },
        },
        config: { failureMessage: 'Failed to end the sale' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        await catalog.endSale(request.params.id, auditAs(actor, 'sale.end'))
        return { data: await one(request.params.id) }
      },
    )

    app.delete(
      '/api/admin/sales/:id',
      {
        schema: { tags: ['admin'], summary: 'Delete a sale (orders it priced keep their prices)', params, response: { 204: z.null(), ...errors } },
        config: { failureMessage: 'Failed to delete the sale' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        await catalog.deleteSale(request.params.id, auditAs(actor, 'sale.delete'))
        return reply.status(204).send(null)
      },
    )
  }
}
