/** `GET /api/profile` and `PATCH /api/profile {full_name?, product_update_emails?}`: the signed-in producer's own profile only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { EMAIL_READ_ONLY_MESSAGE, profileResponseSchema, updateProfileRequestSchema } from '../../shared/contract/profile.ts'
import { badRequest } from '../http/errors.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { ProfileService } from './profile.service.ts'
import { requireUser } from './session.ts'

export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile',
      {
        schema: {
          tags: ['account'],
          summary: "The signed-in user's profile",
          response: { 200: profileResponseSchema, 401: apiErrorSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to load profile' },
      },
      async (request, reply) => {
        const { id } = await requireUser(request)
        return reply.header('Cache-Control', 'private, no-store').send({ data: await profiles.get(id) })
      },
    )

    app.patch(
      '/api/profile',
      {
        schema: {
          tags: ['account'],
          summary: "Change the signed-in user's full name or product update emails choice (the email cannot change)",
          body: updateProfileRequestSchema,
          response: { 200: profileResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: 'Profile update failed' },
      },
      async (request, reply) => {
        const { id } = await requireUser(request)
        const raw: unknown = request.body
        if (raw && typeof raw === 'object' && 'email' in raw) throw badRequest(EMAIL_READ_ONLY_MESSAGE, 'EMAIL_READ_ONLY')
        rejectInvalidInput(request)
        return reply.header('Cache-Control', 'private, no-store').send({ data: await profiles.update(id, request.body) })
      },
    )
  }
}
