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

export function adminRoutes(groups: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      await (request.routeOptions.config.support === true ? requireStaff(request) : requireAdmin(request))
    })
    checkInputStrictly(app)
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })
    for (const group of groups) await app.register(group)
  }
}
