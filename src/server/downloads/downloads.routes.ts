/**
 * GET /api/downloads (the user's download log, paged) and POST /api/downloads (a counted
 * download: answers a signed URL that is good for DOWNLOAD_URL_TTL_SECONDS). Thin handlers
 * over downloads.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createDownloadBodySchema,
  createDownloadResponseSchema,
  DOWNLOAD_SERVER_MESSAGES as MESSAGES,
  listDownloadsQuerySchema,
  listDownloadsResponseSchema,
} from '../../shared/contract/downloads.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { getSessionUser, requireUser } from '../auth/session.ts'
import { unauthorized } from '../http/errors.ts'
import type { DownloadLinkSigner } from './download-links.ts'
import type { DownloadsService } from './downloads.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const USER_AGENT_MAX = 512

export function downloadsRoutes({ downloads, links }: { downloads: DownloadsService; links: DownloadLinkSigner }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/downloads',
      {
        schema: {
          tags: ['downloads'],
          summary: "The signed-in user's download log, newest first",
          querystring: listDownloadsQuerySchema,
          response: { 200: listDownloadsResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.fetchDownloads },
      },
      async (request) => {
        const user = await requireUser(request)
        return downloads.listDownloads(user.id, request.query)
      },
    )

    app.post(
      '/api/downloads',
      {
        schema: {
          tags: ['downloads'],
          summary: 'Spends one download of a purchased item and answers a short-lived signed URL for its file',
          body: createDownloadBodySchema,
          response: { 200: createDownloadResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.createDownload },
      },
      async (request) => {
        const user = await getSessionUser(request)
        if (!user) throw unauthorized(MESSAGES.authorizationRequired)
        const grant = await downloads.createGrant({
          scope: { userId: user.id },
          orderItemId: request.body.orderItemId,
          productId: request.body.productId,
          ipAddress: request.ip || null,
          userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
        })
        const link = links.sign(grant.id)
        return { downloadUrl: link.url, downloadsRemaining: grant.downloadsRemaining, expiresAt: link.expiresAt.toISOString() }
      },
    )
  }
}
