/**
 * The audit log under /api/admin/audit: every change staff made, newest first, filtered by who,
 * what kind, which record and when, each with its exact time, the record it touched (an order by
 * its number, a product by its name, looked up once per page, a guest by their address) and each
 * field's before → after; and the kinds of action recorded so far. Admins only (no `support`
 * mark): support staff do not read the log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  auditActionsResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  auditSubjectPath,
  type AuditLogEntry,
} from '../../shared/contract/admin-audit.ts'
import { customerRefOf } from '../../shared/contract/admin-customers.ts'
import { changesBetween } from '../../shared/contract/admin-products.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { AuditLogRow } from '../audit/audit.types.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema }

export interface AdminAuditDeps {
  audit: Pick<AuditService, 'list' | 'actions'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
}

export function adminAuditRoutes({ audit, catalog }: AdminAuditDeps): FastifyPluginAsyncZod {
  /** The page's entries with their records named: products in one lookup for the whole page, orders by their number. */
  async function entriesOf(rows: AuditLogRow[]): Promise<AuditLogEntry[]> {
    const products = await catalog.productSummariesByIds(rows.filter((row) => row.subjectType === 'product').map((row) => row.subjectId))
    const labelOf = (row: AuditLogRow): string | null => {
      if (row.subjectType === 'order') return orderNumberOf(row.subjectId)
      if (row.subjectType === 'product') return products.get(row.subjectId)?.name ?? null
      // A guest customer's key is their address.
      if (row.subjectType === 'customer') {
        const customer = customerRefOf(row.subjectId)
        return customer?.kind === 'guest' ? customer.email : null
      }
      return null
    }
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actorEmail: row.actorEmail,
      actorId: row.actorId,
      action: row.action,
      subject: { type: row.subjectType, id: row.subjectId, label: labelOf(row), path: auditSubjectPath(row.subjectType, row.subjectId) },
      changes: changesBetween(row.before, row.after),
    }))
  }

  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every change staff made, newest first: who, what, which record, when (exactly), and each field before → after',
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the audit log' },
      },
      async (request) => {
        const { rows, total } = await audit.list(request.query)
        return { data: await entriesOf(rows), total, limit: request.query.limit, offset: request.query.offset }
      },
    )

    app.get(
      '/api/admin/audit/actions',
      {
        schema: {
          tags: ['admin'],
          summary: 'The kinds of action the audit log holds, for its filter',
          response: { 200: auditActionsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the kinds of action' },
      },
      async () => ({ data: await audit.actions() }),
    )
  }
}
