/**
 * The owner's tax settings under /api/admin/tax: read and save how the store charges tax and the
 * seller as invoices name them (saved over the version shown; 409 when someone saved since), and
 * the rates: the project's table beside the owner's rate for each place, set or removed one
 * place at a time. Every change is audited in its own transaction (tax_settings.update,
 * tax_rate.save, tax_rate.delete) and every store process then answers the new policy.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import {
  adminTaxRatesResponseSchema,
  adminTaxSettingsResponseSchema,
  taxRateParamsSchema,
  taxRateQuerySchema,
  taxRateSaveSchema,
  taxSettingsSaveSchema,
} from '../../shared/contract/tax.ts'
import { requireAdmin } from '../auth/session.ts'
import type { TaxService } from '../tax/tax.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }

export interface AdminTaxDeps {
  tax: Pick<TaxService, 'settings' | 'saveSettings' | 'rates' | 'saveRate' | 'deleteRate'>
}

export function adminTaxRoutes({ tax }: AdminTaxDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/tax/settings',
      {
        schema: {
          tags: ['admin'],
          summary: "How the store charges tax and the seller's details, with the version a save is made over",
          response: { 200: adminTaxSettingsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the tax settings' },
      },
      async () => ({ data: await tax.settings() }),
    )

    app.put(
      '/api/admin/tax/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save the tax settings over the version they were edited from (409 when they changed since)',
          body: taxSettingsSaveSchema,
          response: { 200: adminTaxSettingsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to save the tax settings' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        return { data: await tax.saveSettings(request.body.form, request.body.version, actor) }
      },
    )

    app.get(
      '/api/admin/tax/rates',
      {
        schema: {
          tags: ['admin'],
          summary: "Each place's rate in the project's table and the owner's rate over it",
          response: { 200: adminTaxRatesResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the tax rates' },
      },
      async () => ({ data: { rates: await tax.rates() } }),
    )

    app.put(
      '/api/admin/tax/rates',
      {
        schema: {
          tags: ['admin'],
          summary: "Set the owner's rate for a country or one of its regions, over the table's",
          body: taxRateSaveSchema,
          response: { 200: adminTaxRatesResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to save the rate' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        return { data: { rates: await tax.saveRate(request.body, actor) } }
      },
    )

    app.delete(
      '/api/admin/tax/rates/:countryCode',
      {
        schema: {
          tags: ['admin'],
          summary: "Remove the owner's rate for a country (or, with ?region=, one of its regions): the table's applies again",
          params: taxRateParamsSchema,
          querystring: taxRateQuerySchema,
          response: { 200: adminTaxRatesResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to remove the rate' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        return { data: { rates: await tax.deleteRate(request.params.countryCode, request.query.region, actor) } }
      },
    )
  }
}
