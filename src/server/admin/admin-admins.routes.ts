/**
 * Who runs the store, under /api/admin/admins: the staff (admins, then support accounts) with the
 * time each got the role, grant a role to a confirmed account by email, and take it back (never
 * your own admin role, never the last admin's). Only an admin manages staff. The rules and the
 * audit entry, written with the change, are the roles service's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminAccountParamsSchema,
  adminAccountResponseSchema,
  adminAccountsResponseSchema,
  grantStaffRoleSchema,
  type AdminAccount,
} from '../../shared/contract/admin-admins.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { RolesService, StaffAccountRow } from '../auth/roles.service.ts'
import { requireAdmin } from '../auth/session.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }

export interface AdminAdminsDeps {
  roles: Pick<RolesService, 'listStaff' | 'grantRole' | 'revokeRole'>
}

const viewOf = (account: StaffAccountRow, viewerId: string): AdminAccount => ({
  userId: account.userId,
  email: account.email,
  name: account.name,
  role: account.role,
  adminSince: account.adminSince?.toISOString() ?? null,
  you: account.userId === viewerId,
})

export function adminAdminsRoutes({ roles }: AdminAdminsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/admins',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every staff account (admins, then support), with its role and when it got it',
          response: { 200: adminAccountsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load admins' },
      },
      async (request) => {
        const viewer = await requireAdmin(request)
        return { data: (await roles.listStaff()).map((account) => viewOf(account, viewer.id)) }
      },
    )

    app.post(
      '/api/admin/admins',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give the account with this email the admin role, or the support role (it must exist and have confirmed its email)',
          body: grantStaffRoleSchema,
          response: { 201: adminAccountResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to grant the role' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const { email, role } = request.body
        const granted = await roles.grantRole(email, role, actor)
        return reply.status(201).send({ data: viewOf({ ...granted, role }, actor.id) })
      },
    )

    app.delete(
      '/api/admin/admins/:userId',
      {
        schema: {
          tags: ['admin'],
          summary: "Take a staff account's role back: it becomes a shopper (never your own admin role, never the last admin's)",
          params: adminAccountParamsSchema,
          response: { 204: z.null(), ...errors },
        },
        config: { failureMessage: 'Failed to revoke the role' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        await roles.revokeRole({ userId: request.params.userId }, actor)
        return reply.status(204).send(null)
      },
    )
  }
}
