/**
 * `GET /api/tax/policy`: how the store charges tax (its mode, whether prices include tax, the
 * seller's country, the owner's rates) and, unless every buyer pays the flat estimate, each
 * place's effective rate, so the cart and checkout show the buyer's tax before they pay. The
 * same for every shopper, so answered like the catalog's public answers: from memory with an
 * ETag, cacheable by browsers and CDNs, until a tax save clears it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { publicTaxPolicyResponseSchema } from '../../shared/contract/tax.ts'
import type { TaxService } from './tax.service.ts'

/** Sends a public answer made by `produce`, kept under `key` until the storefront changes (the catalog cache, wired by app.ts). */
type SendPublicAnswer = (request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) => Promise<FastifyReply>

export interface TaxRoutesDeps {
  tax: Pick<TaxService, 'publicPolicy'>
  sendPublic: SendPublicAnswer
}

const PUBLIC_TAX_POLICY_CACHE_KEY = 'tax-policy'

export function taxRoutes({ tax, sendPublic }: TaxRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tax/policy',
      {
        schema: {
          tags: ['tax'],
          summary: "How the store charges tax, and each place's rate when it depends on the buyer's country",
          response: { 200: publicTaxPolicyResponseSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to load the tax policy' },
      },
      async (request, reply) => sendPublic(request, reply, PUBLIC_TAX_POLICY_CACHE_KEY, async () => ({ data: await tax.publicPolicy() })),
    )
  }
}
