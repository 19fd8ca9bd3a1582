/**
 * The owner's API under /api/admin: one encapsulated plugin whose every route answers 401 to a
 * guest and 403 to a signed-in shopper before anything else is read (the guard runs on
 * request, ahead of body parsing, so a refused upload stores no byte), is never cached, and
 * appears in the OpenAPI document under the `admin` tag. An admin may use every route; support
 * staff only those whose options carry `config: { support: true }` (every other route is
 * admin-only, so a new route is closed to support until someone opens it on purpose). Each group
 * of routes (orders, …) is a plugin of its own registered inside. Every query, address and body
 * value is parsed strictly (src/shared/contract/strict-input.ts): anything else is a 400 that
 * names the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireAdmin, requireStaff } from '../auth/session.ts'
import { checkInputStrictly } from '../http/validation.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True on an /api/admin route that support staff may use as well as admins. */
    support?: boolean
  }
}

export interface AdminRoutesOptions {
  /**
   * Awaited before a successful write's answer goes out, so that what it changed is in this
   * process's very next answer to anyone (the public catalog's cache hears of changes a moment
   * after their commit).
   */
  afterWrite?: () => Promise<void>
}

export function adminRoutes(groups: FastifyPluginAsyncZod[], { afterWrite }: AdminRoutesOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      await (request.routeOptions.config.support === true ? requireStaff(request) : requireAdmin(request))
    })
    checkInputStrictly(app)
    app.addHook('onSend', async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      if (afterWrite && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) await afterWrite()
    })
    for (const group of groups) await app.register(group)
  }
}
