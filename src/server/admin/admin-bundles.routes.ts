/**
 * A product's bundle under /api/admin/products/:id/bundle: what it holds and its floor, as the
 * product page's Bundle panel shows them, and the owner's save of both in one transaction with
 * its audit entry (catalog/bundles.ts says what is refused). No items make it a product again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminBundleResponseSchema, BUNDLE_MESSAGES, bundleSaveSchema } from '../../shared/contract/bundles.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin } from '../auth/session.ts'
import type { BundlesService } from '../catalog/bundles.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })

export interface AdminBundlesDeps {
  catalog: Pick<BundlesService, 'adminBundle' | 'setBundle'>
  audit: Pick<AuditService, 'record'>
}

export function adminBundlesRoutes({ catalog, audit }: AdminBundlesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/products/:id/bundle',
      {
        schema: {
          tags: ['admin'],
          summary: "What the product holds as a bundle, in its page's order, and the floor of its completion price",
          params,
          response: { 200: adminBundleResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the bundle' },
      },
      async (request) => ({ data: await catalog.adminBundle(request.params.id) }),
    )

    app.put(
      '/api/admin/products/:id/bundle',
      {
        schema: {
          tags: ['admin'],
          summary: 'Make the product a bundle of these products (in this order) with this floor; no products: no longer a bundle',
          params,
          body: bundleSaveSchema,
          response: { 200: adminBundleResponseSchema, ...errors },
        },
        config: { failureMessage: BUNDLE_MESSAGES.saveFailed },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        await catalog.setBundle(request.params.id, request.body, (tx, id, change) =>
          audit.record(tx, { actor, action: 'product.bundle', subject: { type: 'product', id }, before: change.before, after: change.after }),
        )
        return { data: await catalog.adminBundle(request.params.id) }
      },
    )
  }
}
