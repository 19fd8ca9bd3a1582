/**
 * The owner's store settings under /api/admin/settings: read them (with their defaults and the
 * version a save is made over) and save the whole form over that version (409 when someone saved
 * since). A save is audited as `store_settings.update` with the fields it changed, before and
 * after, in its own transaction; every store process then shows the new texts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { adminStoreSettingsResponseSchema, storeSettingsSaveSchema } from '../../shared/contract/store-settings.ts'
import { requireAdmin } from '../auth/session.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }

export interface AdminSettingsDeps {
  settings: Pick<SettingsService, 'adminSettings' | 'saveSettings'>
  audit: Pick<AuditService, 'record'>
}

export function adminSettingsRoutes({ settings, audit }: AdminSettingsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: "The store's settings as the owner edits them, with their defaults and the version a save is made over",
          response: { 200: adminStoreSettingsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the settings' },
      },
      async () => ({ data: await settings.adminSettings() }),
    )

    app.put(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: "Save the store's settings over the version they were edited from (409 when they changed since)",
          body: storeSettingsSaveSchema,
          response: { 200: adminStoreSettingsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to save the settings' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const saved = await settings.saveSettings(request.body.form, request.body.version, (tx, change) =>
          audit.record(tx, {
            actor,
            action: 'store_settings.update',
            subject: { type: 'store_settings', id: 'store' },
            before: change.before,
            after: change.after,
          }),
        )
        return { data: saved }
      },
    )
  }
}
