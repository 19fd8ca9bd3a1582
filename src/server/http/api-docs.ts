/**
 * The API reference at /api/docs (Swagger UI, and the OpenAPI document as JSON and YAML), loaded
 * on its first request instead of at start: Swagger UI, its static file server and its YAML writer
 * took some 55 ms of every start, for a page few visitors open. The first request builds a small
 * Fastify instance holding @fastify/swagger-ui over the store's own document, and every request
 * under /api/docs is answered by it; the store's hooks (security headers, compression, the
 * request log) still wrap the answer as they wrap every other. Its files pass through memory
 * whole on the way (Swagger UI's script, about 1.5 MB, is the largest), which suits a page for
 * developers; the files buyers download never take this path.
 */
import type { StaticDocumentSpec } from '@fastify/swagger'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import Fastify from 'fastify'

export const API_DOCS_PREFIX = '/api/docs'

/** Options given to @fastify/swagger-ui beside its prefix (its hooks and document transform). */
export type ApiDocsOptions = Record<string, unknown>

/** Headers of the reference's own answer that the store's reply sets for itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

export function apiDocs(options: ApiDocsOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    let docs: Promise<FastifyInstance> | null = null

    async function build(): Promise<FastifyInstance> {
      const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')])
      const instance = Fastify({ loggerInstance: app.log })
      // The store's document as it stands once every route is registered: the routes do not change after start.
      await instance.register(swagger, { mode: 'static', specification: { document: app.swagger() as StaticDocumentSpec['document'] } })
      await instance.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true, ...options })
      await instance.ready()
      return instance
    }

    async function answer(request: FastifyRequest, reply: FastifyReply) {
      docs ??= build().catch((error: unknown) => {
        docs = null
        throw error
      })
      const headers = { 'accept-encoding': 'identity', ...pick(request.headers, ['if-none-match', 'if-modified-since', 'accept']) }
      const response = await (await docs).inject({ method: request.method === 'HEAD' ? 'HEAD' : 'GET', url: request.url, headers })
      // A file the reference does not have gets the store's own 404, as any unknown address does.
      if (response.statusCode === 404) return reply.callNotFound()
      for (const [name, value] of Object.entries(response.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value)
      return reply.code(response.statusCode).send(response.rawPayload)
    }

    app.addHook('onClose', async () => {
      if (docs) await (await docs.catch(() => null))?.close()
    })
    for (const url of [API_DOCS_PREFIX, `${API_DOCS_PREFIX}/*`]) app.route({ method: 'GET', url, schema: { hide: true }, handler: answer })
  }
}

function pick(headers: FastifyRequest['headers'], names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const name of names) {
    const value = headers[name]
    if (typeof value === 'string') picked[name] = value
  }
  return picked
}
