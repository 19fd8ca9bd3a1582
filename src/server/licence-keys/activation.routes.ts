/**
 * The activation API a product's own software calls, with no session: POST
 * /api/licence-keys/activate, /validate and /deactivate, each with the key and the instance's
 * name. Counted per key and per address, so a script can neither guess keys nor hammer one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  activationRequestSchema,
  activationResponseSchema,
  LICENCE_KEY_ERROR_CODES,
  LICENCE_KEY_MESSAGES,
  type ActivationAnswer,
  type ActivationRequest,
} from '../../shared/contract/licence-keys.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { notFound } from '../http/errors.ts'
import { sendRateLimited, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { LicenceKeysService } from './licence-keys.service.ts'

/** A plugin checks at start-up and now and then; a studio behind one address runs many. */
export const ACTIVATION_LIMITS = {
  key: { name: 'licence-key', max: 30, windowMs: 10 * 60_000, message: LICENCE_KEY_MESSAGES.tooMany },
  ip: { name: 'licence-key-ip', max: 120, windowMs: 10 * 60_000, message: LICENCE_KEY_MESSAGES.tooMany },
} satisfies Record<string, RateLimitRule>

const EXAMPLE_KEY = 'ALS-7KQ2M-XH4PD-9RTWB-C3NVF'

const requestWithExamples = activationRequestSchema.meta({
  examples: [{ key: EXAMPLE_KEY, instanceName: 'Studio Mac' }],
})

const answerExample = (answer: Omit<ActivationAnswer, 'productId'>) => ({
  data: { productId: '5f0c6a4e-2b1d-4c8e-9a7f-3d2e1b0c9a8f', ...answer },
})

const responseWithExamples = activationResponseSchema.meta({
  examples: [
    answerExample({ valid: true, status: 'active', message: LICENCE_KEY_MESSAGES.activated, activationLimit: 2, activationsUsed: 1 }),
    answerExample({ valid: false, status: 'limit_reached', message: LICENCE_KEY_MESSAGES.limitReached, activationLimit: 2, activationsUsed: 2 }),
    answerExample({ valid: false, status: 'revoked', message: LICENCE_KEY_MESSAGES.revoked, activationLimit: 2, activationsUsed: 1 }),
  ],
})

const unknownKeyExample = apiErrorSchema.meta({
  examples: [{ error: { message: LICENCE_KEY_MESSAGES.unknownKey, status: 404, code: LICENCE_KEY_ERROR_CODES.notFound } }],
})

const ANSWERS_DOC =
  'Every key the store issued answers 200: `valid` says whether the software may run on this instance, `status` says why ' +
  '(`active`, `revoked` after a refund or by the store, `suspended` while a payment is disputed, `limit_reached`, `not_activated`, `deactivated`) ' +
  'and `message` is a sentence to show the user. An unknown key answers 404 with code `LICENCE_KEY_NOT_FOUND`; too many requests for one key ' +
  'or from one address answer 429 with a Retry-After header. No session or API key is needed: the licence key is the credential.'

const ENDPOINTS = [
  {
    action: 'activate',
    summary: 'Activate a licence key on this instance (a machine or an installation)',
    description:
      "Call once when the user enters their key. Uses one of the key's activations for `instanceName`; activating again on the same " +
      'instance answers `active` without using another. When the key has no activations left the answer is `limit_reached` ' +
      '(the buyer frees one from their downloads page, or the software calls /deactivate on the old machine).',
  },
  {
    action: 'validate',
    summary: 'Check whether a licence key may run on this instance',
    description:
      'Call at start-up or now and then. `valid: true` with `active` when this instance holds an activation; `not_activated` when it ' +
      'does not (call /activate); `revoked` or `suspended` when the key was refunded, disputed or revoked: stop running.',
  },
  {
    action: 'deactivate',
    summary: "Free this instance's activation of a licence key",
    description: 'Call when the user signs out of the licence or uninstalls. Answers `deactivated`, or `not_activated` when this instance held none.',
  },
] as const

export interface ActivationRouteDeps {
  licenceKeys: Pick<LicenceKeysService, 'activate' | 'validate' | 'deactivate'>
  limiter: RateLimiter
}

export function activationRoutes({ licenceKeys, limiter }: ActivationRouteDeps): FastifyPluginAsyncZod {
  const run = (action: (typeof ENDPOINTS)[number]['action'], request: ActivationRequest) => licenceKeys[action](request)

  return async (app) => {
    for (const { action, summary, description } of ENDPOINTS) {
      app.post(
        `/api/licence-keys/${action}`,
        {
          schema: {
            tags: ['licence-keys'],
            summary,
            description: `${description}\n\n${ANSWERS_DOC}`,
            body: requestWithExamples,
            response: { 200: responseWithExamples, 400: apiErrorSchema, 404: unknownKeyExample, 429: apiErrorSchema, 500: apiErrorSchema },
          },
          attachValidation: true,
          config: { failureMessage: 'Failed to check the licence key' },
        },
        async (request, reply) => {
          rejectInvalidInput(request)
          const byIp = await limiter.consume(ACTIVATION_LIMITS.ip, request.ip)
          if (!byIp.allowed) return sendRateLimited(reply, ACTIVATION_LIMITS.ip, byIp)
          // Counted by the key as sent, case aside: a script cycling through addresses still meets this one.
          const byKey = await limiter.consume(ACTIVATION_LIMITS.key, request.body.key.toUpperCase())
          if (!byKey.allowed) return sendRateLimited(reply, ACTIVATION_LIMITS.key, byKey)
          const answer = await run(action, request.body)
          if (!answer) throw notFound(LICENCE_KEY_MESSAGES.unknownKey, LICENCE_KEY_ERROR_CODES.notFound)
          return { data: answer }
        },
      )
    }
  }
}
