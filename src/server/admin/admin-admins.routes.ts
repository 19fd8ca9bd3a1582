/**
 * Who runs the store, under /api/admin/admins: the admins with the time each became one, grant
 * the role to a confirmed account by email, and revoke it (never your own, never the last
 * admin's). The rules and the audit entry, written with the change, are the roles service's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminAccountParamsSchema,
  adminAccountResponseSchema,
  adminAccountsResponseSchema,
  grantAdminSchema,
  type AdminAccount,
} from '../../shared/contract/admin-admins.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { AdminAccountRow, RolesService } from '../auth/roles.service.ts'
import { requireAdmin } from '../auth/session.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }

export interface AdminAdminsDeps {
  roles: Pick<RolesService, 'listAdmins' | 'grantAdmin' | 'revokeAdmin'>
}

const viewOf = (account: AdminAccountRow, viewerId: string): AdminAccount => ({
  userId: account.userId,
  email: account.email,
  name: account.name,
  adminSince: account.adminSince?.toISOString() ?? null,
  you: account.userId === viewerId,
})

export function adminAdminsRoutes({ roles }: AdminAdminsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/admins',
      {
        schema: { tags: ['admin'], summary: 'Every admin, with when they became one', response: { 200: adminAccountsResponseSchema, ...errors } },
        config: { failureMessage: 'Failed to load admins' },
      },
      async (request) => {
        const viewer = await requireAdmin(request)
        return { data: (await roles.listAdmins()).map((account) => viewOf(account, viewer.id)) }
      },
    )

    app.post(
      '/api/admin/admins',
      {
        schema: {
          tags: ['admin'],
          summary: 'Make the account with this email an admin (it must exist and have confirmed its email)',
          body: grantAdminSchema,
          response: { 201: adminAccountResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to grant the admin role' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const granted = await roles.grantAdmin(request.body.email, actor)
        return reply.status(201).send({ data: viewOf(granted, actor.id) })
      },
    )

    app.delete(
      '/api/admin/admins/:userId',
      {
        schema: {
          tags: ['admin'],
          summary: "Take an admin's role back (another admin's; never the last admin's)",
          params: adminAccountParamsSchema,
          response: { 204: z.null(), ...errors },
        },
        config: { failureMessage: 'Failed to revoke the admin role' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        await roles.revokeAdmin({ userId: request.params.userId }, actor)
        return reply.status(204).send(null)
      },
    )
  }
}
