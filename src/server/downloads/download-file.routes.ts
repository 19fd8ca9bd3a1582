/**
 * GET and HEAD /api/downloads/file/:grantId?expires&signature: delivers a granted file. The
 * signed URL is the credential (no session, so download managers and resumed transfers work);
 * the download was counted when the grant was made, so repeated and ranged requests within
 * the URL's validity spend nothing. The file is streamed from storage with Range support
 * (206, 416, If-Range), or, for a bucket storage with presigned URLs, redirected to it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DOWNLOAD_ERROR_CODES as CODES, DOWNLOAD_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/downloads.ts'
import { isUuid } from '../../shared/ids.ts'
import { AppError } from '../http/errors.ts'
import { sendStoredFile } from '../http/stored-file-reply.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { attachmentDisposition } from './content-disposition.ts'
import { DOWNLOAD_FILE_PATH, type DownloadLinkSigner } from './download-links.ts'
import type { DownloadsService } from './downloads.service.ts'
import { fileMissing } from './downloads.service.ts'

const CONTENT_TYPES: Record<string, string> = { '.zip': 'application/zip' }

const invalidLink = () => new AppError(403, CODES.invalidLink, MESSAGES.invalidLink)
const expiredLink = () => new AppError(410, CODES.linkExpired, MESSAGES.linkExpired)

export interface DownloadFileDeps {
  downloads: DownloadsService
  links: DownloadLinkSigner
  storage: FileStorage
  /** Seconds a presigned bucket URL lives (the rest of the grant's own validity is not tracked). */
  presignSeconds: number
}

export function downloadFileRoutes({ downloads, links, storage, presignSeconds }: DownloadFileDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      // HEAD declared with GET so Fastify does not add its own, which would read the whole file to discard it.
      method: ['GET', 'HEAD'],
      url: `${DOWNLOAD_FILE_PATH}/:grantId`,
      schema: {
        tags: ['downloads'],
        summary: 'The file of a download grant (signed URL from POST /api/downloads); supports Range',
        params: z.object({ grantId: z.string().max(100) }),
        querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
      },
      config: { failureMessage: MESSAGES.fetchDownloads },
      handler: async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        const { grantId } = request.params
        const verdict = links.verify(grantId, request.query.expires, request.query.signature)
        if (!verdict.ok) throw verdict.reason === 'expired' ? expiredLink() : invalidLink()
        if (!isUuid(grantId)) throw invalidLink()

        const file = await downloads.grantedFile(grantId)
        if (!file) throw invalidLink()

        // The bucket serves the bytes (Range included: the client repeats its Range header to the new URL).
        // A presigned URL is signed for GET alone, so HEAD is answered here from the object's metadata.
        if (storage.presignedGetUrl && request.method === 'GET') {
          return reply.redirect(await storage.presignedGetUrl(file.storageKey, { expiresIn: presignSeconds, fileName: file.fileName }), 302)
        }

        const info = await storage.stat(file.storageKey)
        if (!info) {
          request.log.error({ storageKey: file.storageKey }, 'granted file missing from storage')
          throw fileMissing()
        }

        const extension = /\.[^.]+$/.exec(file.storageKey)?.[0]?.toLowerCase() ?? ''
        reply.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream').header('Content-Disposition', attachmentDisposition(file.fileName))
        return sendStoredFile(request, reply, storage, file.storageKey, info)
      },
    })
  }
}
