/**
 * The owner's promo codes under /api/admin/promo-codes: every code with its uses, the paid
 * orders that used it and the discount it gave (read from those orders), what it is limited to
 * and how much of its budget its orders hold; create; save the form (deactivating is saving
 * it inactive: the code stops working at once, orders already paid keep their discount).
 * Every write is audited on the code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminPromoCodeSchema, promoCodeCreateSchema, promoCodeSaveSchema, type AdminPromoCode } from '../../shared/contract/admin-promo-codes.ts'
import { auditEntrySchema } from '../../shared/contract/admin-products.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { Executor } from '../db/client.ts'
import type { OrderReportsService } from '../orders/order-reports.service.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })
const codeResponse = z.object({ data: adminPromoCodeSchema })

export interface AdminPromoCodesDeps {
  promo: Pick<PromoService, 'adminPromoCodes' | 'createPromoCode' | 'updatePromoCode'>
  orders: Pick<OrderReportsService, 'discountByPromoCode'>
  audit: Pick<AuditService, 'record' | 'trailOf'>
}

export function adminPromoCodesRoutes({ promo, orders, audit }: AdminPromoCodesDeps): FastifyPluginAsyncZod {
  const auditAs = (actor: SessionUser, action: string) => (tx: Executor, id: string, change: { before: unknown; after: unknown }) =>
    audit.record(tx, {
      actor,
      action,
      subject: { type: 'promo_code', id },
      before: change.before as Record<string, unknown> | null,
      after: change.after as Record<string, unknown>,
    })

  async function list(): Promise<AdminPromoCode[]> {
    const [rows, discounts] = await Promise.all([promo.adminPromoCodes(), orders.discountByPromoCode()])
    return rows.map(({ promo: row, paidOrders, scope, form }) => ({
      id: row.id,
      code: row.code,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
      scope,
      excludeSaleItems: row.excludeSaleItems,
      budgetCents: row.budgetCents,
      budgetUsedCents: row.discountGivenCents,
      active: row.active,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      maxUses: row.maxUses,
      uses: row.uses,
      paidOrders,
      discountGivenCents: discounts.get(row.id) ?? 0,
      oncePerCustomer: row.oncePerCustomer,
      minSubtotalCents: row.minSubtotalCents,
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
      form,
    }))
  }
  const one = async (id: string) => (await list()).find((code) => code.id === id)!

  return async (app) => {
    app.get(
      '/api/admin/promo-codes',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every promo code with its uses, paid orders and the discount given',
          response: { 200: z.object({ data: z.array(adminPromoCodeSchema) }), ...errors },
        },
        config: { failureMessage: 'Failed to load promo codes' },
      },
      async () => ({ data: await list() }),
    )

    app.get(
      '/api/admin/promo-codes/:id/history',
      {
        schema: {
          tags: ['admin'],
          summary: 'What admins changed on a promo code, newest first',
          params,
          response: { 200: z.object({ data: z.array(auditEntrySchema) }), ...errors },
        },
        config: { failureMessage: 'Failed to load the history' },
      },
      async (request) => ({
        data: await audit.trailOf('promo_code', request.params.id),
      }),
    )

    app.post(
      '/api/admin/promo-codes',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a promo code: percent or fixed amount off, on every line or on chosen products and categories, with an optional budget',
          body: promoCodeCreateSchema,
          response: { 201: codeResponse, ...errors },
        },
        config: { failureMessage: 'Failed to create the promo code' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const created = await promo.createPromoCode(request.body.form, auditAs(actor, 'promo.create'))
        return reply.status(201).send({ data: await one(created.id) })
      },
    )

    app.put(
      '/api/admin/promo-codes/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save a promo code over the version it was edited from (409 when it changed since; untick Active to deactivate it)',
          params,
          body: promoCodeSaveSchema,
          response: { 200: codeResponse, ...errors },
        },
        config: { failureMessage: 'Failed to save the promo code' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        await promo.updatePromoCode(request.params.id, request.body.form, request.body.version, auditAs(actor, 'promo.update'))
        return { data: await one(request.params.id) }
      },
    )
  }
}
