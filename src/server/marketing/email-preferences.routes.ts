/**
 * `GET`/`PATCH /api/email-preferences`: the signed-in shopper's own email choices (the profile's
 * checkboxes). `POST /api/email-preferences/cart-reminders/:token`: a cart reminder's signed
 * unsubscribe link turns reminders off without signing in (the page the link opens posts it, so a
 * mail scanner fetching the link changes nothing), and `POST /email-preferences/cart-reminders/:token`
 * does the same for a mail client's one-click "Unsubscribe" (RFC 8058, List-Unsubscribe-Post).
 * The same pair under `product-updates/:token` turns "update available" emails off for the
 * address an update email went to, guest or account.
 */
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EMAIL_PREFERENCES_MESSAGES,
  PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES,
  emailPreferencesResponseSchema,
  unsubscribeTokenSchema,
  updateEmailPreferencesRequestSchema,
} from '../../shared/contract/email-preferences.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { requireUser } from '../auth/session.ts'
import { notFound } from '../http/errors.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { EmailPreferencesService } from './email-preferences.service.ts'
import type { ProductUpdateEmailsService } from './product-update-emails.service.ts'

export function emailPreferencesRoutes(
  preferences: EmailPreferencesService,
  productUpdates: Pick<ProductUpdateEmailsService, 'unsubscribe'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email-preferences',
      {
        schema: {
          tags: ['account'],
          summary: "The signed-in shopper's email choices (cart reminders)",
          response: { 200: emailPreferencesResponseSchema, 401: apiErrorSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to load your email choices' },
      },
      async (request, reply) => {
        const { id } = await requireUser(request)
        return reply.header('Cache-Control', 'private, no-store').send({ data: await preferences.get(id) })
      },
    )

    app.patch(
      '/api/email-preferences',
      {
        schema: {
          tags: ['account'],
          summary: "Change the signed-in shopper's email choices",
          body: updateEmailPreferencesRequestSchema,
          response: { 200: emailPreferencesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: 'Failed to save your email choices' },
      },
      async (request, reply) => {
        const { id } = await requireUser(request)
        rejectInvalidInput(request)
        return reply.header('Cache-Control', 'private, no-store').send({ data: await preferences.update(id, request.body) })
      },
    )

    // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; its content is not needed.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}))

    const unsubscribe = {
      schema: {
        tags: ['account'],
        params: z.object({ token: unsubscribeTokenSchema }),
        response: { 200: emailPreferencesResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema },
      },
      config: { failureMessage: 'Failed to turn cart reminders off' },
    }
    const turnOff = async (token: string) => {
      // A malformed token is the same 404 as an altered one: the link is not ours.
      if (!(await preferences.unsubscribeFromCartReminders(token))) throw notFound(EMAIL_PREFERENCES_MESSAGES.invalidLink, 'INVALID_LINK')
      return { data: { cartReminders: false } }
    }

    app.post(
      '/api/email-preferences/cart-reminders/:token',
      {
        ...unsubscribe,
        schema: { ...unsubscribe.schema, summary: "Turn cart reminders off through a reminder's signed unsubscribe link (no sign-in needed)" },
      },
      async (request) => turnOff(request.params.token),
    )

    app.post(
      '/email-preferences/cart-reminders/:token',
      { ...unsubscribe, schema: { ...unsubscribe.schema, summary: "A mail client's one-click unsubscribe (RFC 8058) from cart reminders" } },
      async (request) => turnOff(request.params.token),
    )

    const productUpdatesUnsubscribe = {
      schema: {
        tags: ['account'],
        params: z.object({ token: unsubscribeTokenSchema }),
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema },
      },
      config: { failureMessage: PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES.failed },
    }
    const turnUpdatesOff = async (token: string, reply: FastifyReply) => {
      if (!(await productUpdates.unsubscribe(token))) throw notFound(PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES.invalidLink, 'INVALID_LINK')
      return reply.status(204).send(null)
    }

    app.post(
      '/api/email-preferences/product-updates/:token',
      {
        ...productUpdatesUnsubscribe,
        schema: {
          ...productUpdatesUnsubscribe.schema,
          summary: "Turn update emails off through an update email's signed unsubscribe link (no sign-in needed)",
        },
      },
      async (request, reply) => turnUpdatesOff(request.params.token, reply),
    )

    app.post(
      '/email-preferences/product-updates/:token',
      {
        ...productUpdatesUnsubscribe,
        schema: { ...productUpdatesUnsubscribe.schema, summary: "A mail client's one-click unsubscribe (RFC 8058) from update emails" },
      },
      async (request, reply) => turnUpdatesOff(request.params.token, reply),
    )
  }
}
