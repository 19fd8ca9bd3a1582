/**
 * GET /api/products/:id/bundle-offer: "complete the bundle" for the signed-in buyer: how many of
 * the bundle's items they own and what the bundle costs them now (the price checkout charges,
 * from the same bundleOffer). Personal: only for the session's user, never cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BUNDLE_MESSAGES, bundleOfferResponseSchema } from '../../shared/contract/bundles.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { requireUser } from '../auth/session.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import { notFound } from '../http/errors.ts'
import type { BundleOffers } from './bundle-offers.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export interface BundleOfferRoutesDeps {
  catalog: Pick<CatalogReadsService, 'getProduct'>
  bundles: Pick<BundleOffers, 'bundleOffer'>
}

export function bundleOfferRoutes({ catalog, bundles }: BundleOfferRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/products/:id/bundle-offer',
      {
        schema: {
          tags: ['catalog'],
          summary: "The signed-in buyer's price for a bundle: the items they own of it and what completes it for them",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: bundleOfferResponseSchema, ...errors },
        },
        config: { failureMessage: BUNDLE_MESSAGES.fetchOffer },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store')
        const user = await requireUser(request)
        // The bundle's price now (its sale applied), as checkout reads it.
        const bundle = await catalog.getProduct(request.params.id)
        if (!bundle.isBundle) throw notFound(BUNDLE_MESSAGES.notABundle)
        const offer = await bundles.bundleOffer(bundle.id, bundle.priceCents, user.id)
        return { data: { ownedCount: offer.ownedProductIds.length, itemCount: offer.items.length, priceCents: offer.priceCents } }
      },
    )
  }
}
