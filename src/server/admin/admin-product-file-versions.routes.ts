/**
 * The versions of a product's file under /api/admin/products/{id}/file-versions: the list (newest
 * first, which one buyers download, how many buyers can still download it), and publishing one,
 * a draft or an earlier version restored. The publish, its audit entry and what buyers are given
 * (an "update available" email, one more download) are one transaction: the publish-file-version
 * flow (src/server/flows/), which the owner CLI runs too. A new version is added by
 * `PUT /api/admin/products/{id}/file` (admin-product-media.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { queryInteger, recordId } from '../../shared/contract/strict-input.ts'
import {
  productFileVersionsSchema,
  publishFileVersionResultSchema,
  publishFileVersionSchema,
  type ProductFileVersions,
} from '../../shared/contract/product-file-versions.ts'
import { requireAdmin } from '../auth/session.ts'
import type { ProductFilesService } from '../catalog/product-files.service.ts'
import type { Mailer } from '../email/mailer.ts'
import type { FileUpdatesService } from '../orders/file-updates.service.ts'
import { publishFileVersion } from '../flows/publish-file-version.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const productParams = z.strictObject({ id: recordId('id') })
/** A version number as the path writes it: digits only (no sign, no fraction). */
const versionParams = z.strictObject({
  id: recordId('id'),
  number: queryInteger('The version number', 1, 999_999_999),
})

export interface AdminProductFileVersionsDeps {
  catalog: Pick<ProductFilesService, 'listFileVersions' | 'publishFileVersion'>
  /** A version's buyers, and what they get when it is published. */
  orders: Pick<FileUpdatesService, 'buyersWithAccess' | 'announceFileVersion'>
  audit: Pick<AuditService, 'record'>
  /** Wakes the outbox worker once the update emails are committed, so buyers hear of a version at once. */
  mailer: Pick<Mailer, 'nudge'>
}

export function adminProductFileVersionsRoutes({ catalog, orders, audit, mailer }: AdminProductFileVersionsDeps): FastifyPluginAsyncZod {
  async function versionsOf(productId: string): Promise<ProductFileVersions> {
    const [list, buyersWithAccess] = await Promise.all([catalog.listFileVersions(productId), orders.buyersWithAccess(productId)])
    return { ...list, buyersWithAccess }
  }

  return async (app) => {
    app.get(
      '/api/admin/products/:id/file-versions',
      {
        schema: {
          tags: ['admin'],
          summary: "The product file's versions, newest first: which one buyers download, the drafts, and how many buyers a publish reaches",
          params: productParams,
          response: { 200: z.object({ data: productFileVersionsSchema }), ...errors },
        },
        config: { failureMessage: 'Failed to load the file versions' },
      },
      async (request) => {
        await requireAdmin(request)
        return { data: await versionsOf(request.params.id) }
      },
    )

    app.post(
      '/api/admin/products/:id/file-versions/:number/publish',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Make a version the one buyers download (publish a draft, or restore an earlier version), optionally emailing buyers and giving each one more download',
          params: versionParams,
          body: publishFileVersionSchema,
          response: { 200: z.object({ data: publishFileVersionResultSchema }), ...errors },
        },
        config: { failureMessage: 'Failed to publish the file version' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { versions, emailsQueued, itemsGivenADownload } = await publishFileVersion(
          { catalog, orders, audit, mailer },
          { productId: request.params.id, number: request.params.number, actor, ...request.body },
        )
        const buyersWithAccess = await orders.buyersWithAccess(request.params.id)
        return { data: { versions: { ...versions, buyersWithAccess }, emailsQueued, itemsGivenADownload } }
      },
    )
  }
}
