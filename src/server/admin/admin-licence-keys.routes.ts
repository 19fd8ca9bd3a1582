/**
 * The owner's licence keys: a product's key policy and serial pool (GET/PUT
 * /api/admin/products/:id/key-policy, POST /api/admin/products/:id/serials to import a CSV of up
 * to SERIAL_IMPORT_MAX_BYTES, a larger one being answered 413 with the way to import it by CLI),
 * an order's keys (GET /api/admin/orders/:id/licence-keys), and one key's actions: revoke,
 * reissue, add activations. Every change is audited in its own transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import {
  adminKeyPolicyResponseSchema,
  importSerialsBodySchema,
  licenceKeyListResponseSchema,
  licenceKeySchema,
  ownerAddActivationsBodySchema,
  SERIAL_IMPORT_MAX_BYTES,
  SERIAL_IMPORT_MESSAGES,
  serialImportResponseSchema,
  updateKeyPolicyBodySchema,
} from '../../shared/contract/licence-keys.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin, type SessionUser } from '../auth/session.ts'
import type { AuditChange, LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })
const keyResponse = z.object({ data: licenceKeySchema })

export interface AdminLicenceKeysDeps {
  licenceKeys: Pick<LicenceKeysService, 'adminPolicy' | 'savePolicy' | 'importSerials' | 'keysOfOrder' | 'revokeKey' | 'reissueKey' | 'addActivations'>
  audit: Pick<AuditService, 'record'>
}

export function adminLicenceKeysRoutes({ licenceKeys, audit }: AdminLicenceKeysDeps): FastifyPluginAsyncZod {
  const auditAs =
    (actor: SessionUser, action: string, subject: { type: string; id: string }): AuditChange =>
    (tx, { before, after }) =>
      audit.record(tx, { actor, action, subject, before, after })

  return async (app) => {
    app.get(
      '/api/admin/products/:id/key-policy',
      {
        schema: {
          tags: ['admin'],
          summary: "A product's licence key policy and, for serials, how many are left, handed out and owed",
          params,
          response: { 200: adminKeyPolicyResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the key policy' },
      },
      async (request) => ({ data: await licenceKeys.adminPolicy(request.params.id) }),
    )

    app.put(
      '/api/admin/products/:id/key-policy',
      {
        schema: {
          tags: ['admin'],
          summary: "Save a product's licence key policy (keys already handed out keep theirs)",
          params,
          body: updateKeyPolicyBodySchema,
          response: { 200: adminKeyPolicyResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to save the key policy' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { id } = request.params
        return { data: await licenceKeys.savePolicy(id, request.body, auditAs(actor, 'product.key_policy', { type: 'product', id })) }
      },
    )

    app.post(
      '/api/admin/products/:id/serials',
      {
        schema: {
          tags: ['admin'],
          summary: "Add serials to a product's pool from CSV text, with a line-by-line report; waiting buyers get theirs, oldest first",
          params,
          body: importSerialsBodySchema,
          response: { 200: serialImportResponseSchema, ...errors, 413: apiErrorSchema },
        },
        // The store's 1 MB for a body is too small for a vendor's file; a larger one is pointed to the CLI.
        bodyLimit: SERIAL_IMPORT_MAX_BYTES,
        config: { failureMessage: 'Failed to import the serials', bodyTooLargeMessage: SERIAL_IMPORT_MESSAGES.tooLarge },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { id } = request.params
        return { data: await licenceKeys.importSerials(id, request.body.csv, auditAs(actor, 'product.import_serials', { type: 'product', id })) }
      },
    )

    app.get(
      '/api/admin/orders/:id/licence-keys',
      {
        schema: {
          tags: ['admin'],
          summary: "An order's licence keys with their state and live activations",
          params,
          response: { 200: licenceKeyListResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the licence keys' },
      },
      async (request) => ({ data: await licenceKeys.keysOfOrder(request.params.id) }),
    )

    const keyActions = [
      ['revoke', 'Revoke a licence key: it stops validating for good', 'Failed to revoke the key'],
      [
        'reissue',
        'Reissue a licence key: new key text (or the next free serial), the old one stops validating and its activations end',
        'Failed to reissue the key',
      ],
    ] as const
    for (const [action, summary, failureMessage] of keyActions) {
      app.post(
        `/api/admin/licence-keys/:id/${action}`,
        { schema: { tags: ['admin'], summary, params, response: { 200: keyResponse, ...errors } }, config: { failureMessage } },
        async (request) => {
          const actor = await requireAdmin(request)
          const { id } = request.params
          const recordAs = auditAs(actor, `licence_key.${action}`, { type: 'licence_key', id })
          return { data: await (action === 'revoke' ? licenceKeys.revokeKey(id, recordAs) : licenceKeys.reissueKey(id, recordAs)) }
        },
      )
    }

    app.post(
      '/api/admin/licence-keys/:id/activations',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give a licence key more activations (raises its limit)',
          params,
          body: ownerAddActivationsBodySchema,
          response: { 200: keyResponse, ...errors },
        },
        config: { failureMessage: 'Failed to add activations' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { id } = request.params
        const recordAs = auditAs(actor, 'licence_key.add_activations', { type: 'licence_key', id })
        return { data: await licenceKeys.addActivations(id, request.body.activations, recordAs) }
      },
    )
  }
}
