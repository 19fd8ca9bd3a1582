/**
 * A product's files under /api/admin/products/{id}: the owner sends the bytes as a resumable
 * upload first (/api/admin/uploads), then names the finished upload here to make it the product's
 * file, cover or preview. The upload is removed afterwards whatever the outcome, so a refused
 * image or unreadable preview leaves nothing behind. Every replacement is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { attachUploadSchema, productMediaSchema, type UploadKind } from '../../shared/contract/uploads.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import type { Executor } from '../db/client.ts'
import type { Uploads } from '../uploads/uploads.service.ts'
import type { AuditService } from './audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: z.string().max(100) })
const mediaResponse = z.object({ data: productMediaSchema })

export interface AdminProductMediaDeps {
  catalog: Pick<CatalogService, 'replaceProductFile' | 'replaceCover' | 'replacePreview'>
  uploads: Pick<Uploads, 'finished' | 'discard'>
  audit: Pick<AuditService, 'record'>
}

export function adminProductMediaRoutes({ catalog, uploads, audit }: AdminProductMediaDeps): FastifyPluginAsyncZod {
  const auditAs = (actor: SessionUser, action: string) => (tx: Executor, id: string, change: { before: Record<string, unknown>; after: Record<string, unknown> }) =>
    audit.record(tx, { actor, action, subject: { type: 'product', id }, before: change.before, after: change.after })

  const attach = {
    file: (actor: SessionUser, productId: string, upload: { path: string; fileName: string }) => catalog.replaceProductFile(productId, upload, auditAs(actor, 'product.file')),
    cover: (actor: SessionUser, productId: string, upload: { path: string }) => catalog.replaceCover(productId, upload.path, auditAs(actor, 'product.cover')),
    preview: (actor: SessionUser, productId: string, upload: { path: string }) => catalog.replacePreview(productId, upload.path, auditAs(actor, 'product.preview')),
  } satisfies Record<UploadKind, unknown>

  const summaries: Record<UploadKind, string> = {
    file: 'Make a finished upload the product file (size and sha256 recorded; buyers get the new file)',
    cover: 'Make a finished upload (JPEG, PNG or WebP) the cover, resized to the storefront sizes',
    preview: 'Make a finished upload (WAV, MP3, FLAC or OGG) the audio preview, served as MP3 with its waveform',
  }

  return async (app) => {
    for (const kind of ['file', 'cover', 'preview'] as const) {
      app.put(`/api/admin/products/:id/${kind}`, {
        schema: { tags: ['admin'], summary: summaries[kind], params, body: attachUploadSchema, response: { 200: mediaResponse, ...errors } },
        config: { failureMessage: `Failed to save the ${kind}` },
      }, async (request) => {
        const actor = await requireAdmin(request)
        const upload = await uploads.finished(request.body.uploadId, kind)
        try {
          return { data: await attach[kind](actor, request.params.id, upload) }
        } finally {
          await uploads.discard(upload.id)
        }
      })
    }
  }
}
