/**
 * Licence keys for plugins and instruments: a product's key policy (none, keys the store
 * generates with a number of activations each, or a pool of the vendor's serials the owner
 * uploads), the key an order item carries, the activation API a product's own software calls,
 * and the owner's and buyer's views and actions.
 */
import { z } from 'zod'

export const KEY_POLICY_KINDS = ['none', 'generated', 'serials'] as const
export type KeyPolicyKind = (typeof KEY_POLICY_KINDS)[number]

/** A key works, is paused while its payment is disputed, or ended by a refund, a lost dispute or the owner. */
export const LICENCE_KEY_STATES = ['active', 'suspended', 'revoked'] as const
export type LicenceKeyState = (typeof LICENCE_KEY_STATES)[number]

export const DEFAULT_ACTIVATION_LIMIT = 2
export const MAX_ACTIVATION_LIMIT = 100
/** The console warns when a serial pool holds this many or fewer (the owner may set another). */
export const DEFAULT_LOW_SERIALS_THRESHOLD = 10

export const keyPolicySchema = z.object({
  kind: z.enum(KEY_POLICY_KINDS),
  /** Activations per generated key (serials: how many machines the vendor allows, shown to the buyer; null when not known). */
  activationLimit: z.number().int().min(1).max(MAX_ACTIVATION_LIMIT).nullable(),
  /** Serials: the console warns at this many left. */
  lowSerialsThreshold: z.number().int().min(0).max(100_000),
  /** Serials: when the pool is empty the product can still be bought and its serial is sent when the owner adds more. */
  serialSentLater: z.boolean(),
})
export type KeyPolicy = z.infer<typeof keyPolicySchema>

/** What the owner's product page shows: the policy and, for serials, the pool. */
export const adminKeyPolicySchema = keyPolicySchema.extend({
  serialsLeft: z.number().int(),
  serialsAssigned: z.number().int(),
  /** Items paid for with "serial sent later" still waiting for one. */
  serialsOwed: z.number().int(),
  lowSerials: z.boolean(),
})
export type AdminKeyPolicy = z.infer<typeof adminKeyPolicySchema>
export const adminKeyPolicyResponseSchema = z.object({ data: adminKeyPolicySchema })
export const updateKeyPolicyBodySchema = keyPolicySchema.strict()

/**
 * The largest serial import the owner console takes, in bytes of the request body (the CSV as
 * JSON text: UTF-8, escapes included): the route's `bodyLimit`. It is also the `maxLength` of
 * the text, which counts characters: each takes at least one byte of the body, so a text that
 * fits is never longer, and a file too large always meets the 413 and its sentence. The console
 * checks a file's size against it before reading it; a larger file is imported by the owner CLI.
 */
export const SERIAL_IMPORT_MAX_BYTES = 5_000_000

export const SERIAL_IMPORT_MESSAGES = {
  tooLarge: `The file is larger than the console imports (${SERIAL_IMPORT_MAX_BYTES / 1_000_000} MB). Import it from the command line instead: npm run owner -- serials import <product> <file.csv>`,
} as const

/** The owner uploads serials as CSV text: one serial per line, or a `serial` column; blank lines skipped. */
export const importSerialsBodySchema = z.strictObject({
  csv: z
    .string()
    .min(1)
    .max(SERIAL_IMPORT_MAX_BYTES)
    .describe(
      `The CSV text. The request body is at most ${SERIAL_IMPORT_MAX_BYTES.toLocaleString('en-US')} bytes (UTF-8, JSON escapes included; a larger one is refused with 413), so the text has at most as many characters. Larger files: \`npm run owner -- serials import\`.`,
    ),
})
export const serialImportLineSchema = z.object({
  line: z.number().int(),
  serial: z.string().nullable(),
  outcome: z.enum(['added', 'duplicate', 'invalid']),
  message: z.string().nullable(),
})
export const serialImportReportSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  lines: z.array(serialImportLineSchema),
  /** Items that were waiting for a serial and got one from this import. */
  delivered: z.number().int(),
})
export type SerialImportReport = z.infer<typeof serialImportReportSchema>
export const serialImportResponseSchema = z.object({ data: serialImportReportSchema })

export const activationSchema = z.object({
  id: z.string(),
  instanceName: z.string(),
  /** ISO time. */
  activatedAt: z.string(),
})
export type ActivationView = z.infer<typeof activationSchema>

/** A key as its buyer (and the owner) sees it, beside an order item. */
export const licenceKeySchema = z.object({
  id: z.string(),
  orderItemId: z.string(),
  productId: z.string(),
  /** Null while a "serial sent later" item waits for the owner's next serials. */
  key: z.string().nullable(),
  kind: z.enum(['generated', 'serial']),
  state: z.enum(LICENCE_KEY_STATES),
  /** Null: the vendor's serial, whose activations the store does not count. */
  activationLimit: z.number().int().nullable(),
  activations: z.array(activationSchema),
})
export type LicenceKeyView = z.infer<typeof licenceKeySchema>
export const licenceKeyListResponseSchema = z.object({ data: z.array(licenceKeySchema) })

/** The activation API: what the product's own software sends. */
export const INSTANCE_NAME_MAX = 120
export const activationRequestSchema = z.strictObject({
  key: z.string().trim().min(1).max(200),
  /** The machine or installation, as the software names it ("Studio Mac", a hardware id). */
  instanceName: z.string().trim().min(1).max(INSTANCE_NAME_MAX),
})
export type ActivationRequest = z.infer<typeof activationRequestSchema>

/**
 * The activation API's answer. `valid` says whether the software may run on this instance;
 * `status` says why: `active` (activated or still active), `revoked`, `suspended`,
 * `limit_reached` (no activations left), `not_activated` (validate: this instance holds no
 * activation), `deactivated`.
 */
export const ACTIVATION_STATUSES = ['active', 'revoked', 'suspended', 'limit_reached', 'not_activated', 'deactivated'] as const
export const activationAnswerSchema = z.object({
  valid: z.boolean(),
  status: z.enum(ACTIVATION_STATUSES),
  message: z.string(),
  productId: z.string(),
  activationLimit: z.number().int().nullable(),
  activationsUsed: z.number().int(),
})
export type ActivationAnswer = z.infer<typeof activationAnswerSchema>
export const activationResponseSchema = z.object({ data: activationAnswerSchema })

/** The error codes of licence keys' refusals (the body is the store's usual `{ error: { message, status, code } }`). */
export const LICENCE_KEY_ERROR_CODES = {
  /** 409 at checkout: a product's serial pool is empty (message: LICENCE_KEY_MESSAGES.soldOut(name)). */
  soldOut: 'SOLD_OUT',
  /** 404 from the activation API and the key routes. */
  notFound: 'LICENCE_KEY_NOT_FOUND',
} as const

export const LICENCE_KEY_MESSAGES = {
  active: 'This key is active on this instance',
  activated: 'Activated',
  revoked: 'This key has been revoked',
  suspended: 'This key is suspended while its payment is disputed',
  limitReached: 'This key has no activations left. Free one from your downloads page.',
  notActivated: 'This key is not activated on this instance',
  deactivated: 'Deactivated',
  unknownKey: 'No such licence key',
  soldOut: (name: string) => `${name} is sold out: no licence keys are left. Please check back later.`,
  tooMany: 'Too many activation requests. Please try again later.',
} as const

export const ownerAddActivationsBodySchema = z.strictObject({ activations: z.number().int().min(1).max(MAX_ACTIVATION_LIMIT) })
