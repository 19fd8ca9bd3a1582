/**
 * Mounts Better Auth at /api/auth/*: the Fastify request becomes a Fetch `Request` (raw body,
 * headers, the client IP as Fastify resolved it), `auth.handler` answers, and status, headers
 * (every Set-Cookie) and body go back. Our rate limits run first. A path Better Auth has no
 * endpoint for (its admin plugin's /admin/* among them: not mounted) answers our 404 body. Their
 * description in the OpenAPI document is Better Auth's own, merged in by auth-openapi.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_BASE_PATH } from '../../shared/contract/auth.ts'
import { errorBody } from '../http/errors.ts'
import { sendRateLimited, type RateLimiter } from '../http/rate-limit.ts'
import type { LoadAuth } from './auth-loader.ts'
import { beginAuthAttempt } from './auth-rate-limits.ts'

export interface AuthRoutesDeps {
  auth: LoadAuth
  limiter: RateLimiter
  publicUrl: string
}

// Headers Fastify sets itself from the body it sends.
const SKIPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection'])

export function authRoutes({ auth, limiter, publicUrl }: AuthRoutesDeps) {
  return async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
    // Better Auth parses bodies itself: hand it the bytes (this scope only).
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = new URL(request.url, publicUrl)
        const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined
        const attempt = await beginAuthAttempt(limiter, {
          method: request.method,
          path: url.pathname.slice(AUTH_BASE_PATH.length),
          ip: request.ip,
          body,
        })
        if (attempt.refused) return sendRateLimited(reply, attempt.refused.rule, attempt.refused.decision)

        const response = await (await auth()).handler(new Request(url, { method: request.method, headers: toFetchHeaders(request), body }))
        await attempt.finish(response.status)
        // Better Auth's router answers a path it does not know with an empty 404; its endpoints' own 404s carry a body.
        if (response.status === 404 && !response.body) {
          return reply
            .status(404)
            .header('Cache-Control', 'no-store')
            .send(errorBody(404, 'NOT_FOUND', 'Not found'))
        }

        reply.status(response.status)
        response.headers.forEach((value, name) => {
          if (!SKIPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value)
        })
        const cookies = response.headers.getSetCookie()
        if (cookies.length > 0) reply.header('set-cookie', cookies)
        reply.header('Cache-Control', 'no-store')
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null)
      },
    })
  }
}

function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, String(value))
  }
  // The address Fastify trusts (trustProxy), not whatever the client put in the header.
  headers.set('x-forwarded-for', request.ip)
  return headers
}
