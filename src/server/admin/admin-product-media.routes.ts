/**
 * A product's files under /api/admin/products/{id}: the owner sends the bytes as a resumable
 * upload first (/api/admin/uploads), then names the finished upload here to make it the next
 * version of the product's file (a draft until published, unless the product has no file yet:
 * admin-product-file-versions.routes.ts), its cover or its preview. The upload is removed
 * afterwards whatever the outcome, so a refused image or unreadable preview leaves nothing
 * behind. Every change is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { attachFileVersionSchema, FILE_VERSION_ACTIONS } from '../../shared/contract/product-file-versions.ts'
import { attachUploadSchema, productMediaSchema, type UploadKind } from '../../shared/contract/uploads.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { ProductFilesService } from '../catalog/product-files.service.ts'
import type { Executor } from '../db/client.ts'
import type { Uploads } from '../uploads/uploads.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  500: apiErrorSchema,
}
const params = z.object({ id: recordId('id') })
const mediaResponse = z.object({ data: productMediaSchema })

export interface AdminProductMediaDeps {
  catalog: Pick<ProductFilesService, 'addFileVersion' | 'replaceCover' | 'replacePreview'>
  uploads: Pick<Uploads, 'finished' | 'discard'>
  audit: Pick<AuditService, 'record'>
}

export function adminProductMediaRoutes({ catalog, uploads, audit }: AdminProductMediaDeps): FastifyPluginAsyncZod {
  const auditAs =
    (actor: SessionUser, action: string) => (tx: Executor, id: string, change: { before: Record<string, unknown>; after: Record<string, unknown> }) =>
      audit.record(tx, { actor, action, subject: { type: 'product', id }, before: change.before, after: change.after })

  type Attach = { actor: SessionUser; productId: string; upload: { path: string; fileName: string }; changelog?: string | null | undefined }
  const attach = {
    file: async ({ actor, productId, upload, changelog }: Attach) =>
      (
        await catalog.addFileVersion(
          productId,
          upload,
          { changelog: changelog ?? null, uploadedBy: { id: actor.id, email: actor.email } },
          auditAs(actor, FILE_VERSION_ACTIONS.add),
        )
      ).media,
    cover: ({ actor, productId, upload }: Attach) => catalog.replaceCover(productId, upload.path, auditAs(actor, 'product.cover')),
    preview: ({ actor, productId, upload }: Attach) => catalog.replacePreview(productId, upload.path, auditAs(actor, 'product.preview')),
  } satisfies Record<UploadKind, unknown>

  const bodies = { file: attachFileVersionSchema, cover: attachUploadSchema, preview: attachUploadSchema } satisfies Record<UploadKind, unknown>

  const summaries: Record<UploadKind, string> = {
    file: 'Make a finished upload the next version of the product file (size and sha256 recorded): a draft buyers do not get until it is published, or live at once when the product has no file yet',
    cover: 'Make a finished upload (JPEG, PNG or WebP) the cover, resized to the storefront sizes',
    preview: 'Make a finished upload (WAV, MP3, FLAC or OGG) the audio preview, served as MP3 with its waveform',
  }

  return async (app) => {
    for (const kind of ['file', 'cover', 'preview'] as const) {
      app.put(
        `/api/admin/products/:id/${kind}`,
        {
          schema: { tags: ['admin'], summary: summaries[kind], params, body: bodies[kind], response: { 200: mediaResponse, ...errors } },
          config: { failureMessage: `Failed to save the ${kind}` },
        },
        async (request) => {
          const actor = await requireAdmin(request)
          const upload = await uploads.finished(request.body.uploadId, kind)
          try {
            const changelog = 'changelog' in request.body ? request.body.changelog : undefined
            return { data: await attach[kind]({ actor, productId: request.params.id, upload, changelog }) }
          } finally {
            await uploads.discard(upload.id)
          }
        },
      )
    }
  }
}
