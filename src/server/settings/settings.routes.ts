/**
 * `GET /api/store-settings`: the texts every storefront page shows (store name, support address
 * and reply time, the cart's trust notes, social links, a review claim), the same for every
 * shopper, so answered like the catalog's public answers: from memory with an ETag, cacheable by
 * browsers and CDNs, until a save clears it. The owner edits them under /api/admin/settings.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { publicStoreSettingsResponseSchema } from '../../shared/contract/store-settings.ts'
import type { SettingsService } from './settings.service.ts'

/** Sends a public answer made by `produce`, kept under `key` until the storefront changes (the catalog cache, wired by app.ts). */
export type SendPublicAnswer = (request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) => Promise<FastifyReply>

export interface SettingsRoutesDeps {
  settings: Pick<SettingsService, 'publicSettings'>
  sendPublic: SendPublicAnswer
}

export const PUBLIC_SETTINGS_CACHE_KEY = 'store-settings'

export function settingsRoutes({ settings, sendPublic }: SettingsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/store-settings',
      {
        schema: {
          tags: ['settings'],
          summary: "The store's texts every page shows: name, support address and reply time, trust notes, social links, review claim",
          response: { 200: publicStoreSettingsResponseSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to load the store settings' },
      },
      async (request, reply) => sendPublic(request, reply, PUBLIC_SETTINGS_CACHE_KEY, async () => ({ data: await settings.publicSettings() })),
    )
  }
}
