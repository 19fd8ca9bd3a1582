/**
 * The owner's list: `GET /api/admin/subscribers` (who subscribed to news, from where, with the
 * consent they gave and whether they unsubscribed) and `GET /api/admin/free-product-claims` (who
 * asked for which free product, whether they confirmed, whether they wanted news), newest first
 * and searchable by email; each has a `.csv` twin streaming every matching row. All only read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import {
  freeProductClaimsResponseSchema,
  subscribersCsvQuerySchema,
  subscribersQuerySchema,
  subscribersResponseSchema,
} from '../../shared/contract/subscribers.ts'
import { sendCsvFile } from '../http/csv-reply.ts'
import type { SubscribersService } from '../marketing/subscribers.service.ts'
import { FREE_PRODUCT_CLAIMS_CSV_NAME, freeProductClaimsCsv, SUBSCRIBERS_CSV_NAME, subscribersCsv } from './subscribers-csv.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema }

export function adminSubscribersRoutes({ subscribers }: { subscribers: SubscribersService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/subscribers',
      {
        schema: {
          tags: ['admin'],
          summary: 'News subscribers, newest first, with where they signed up, the consent they gave and whether they unsubscribed',
          querystring: subscribersQuerySchema,
          response: { 200: subscribersResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the subscribers' },
      },
      async (request) => subscribers.listSubscribers(request.query),
    )

    app.get(
      '/api/admin/subscribers.csv',
      {
        schema: { tags: ['admin'], summary: 'Every matching subscriber as a CSV file', querystring: subscribersCsvQuerySchema },
        config: { failureMessage: 'Failed to export the subscribers' },
      },
      async (request, reply) => sendCsvFile(reply, SUBSCRIBERS_CSV_NAME, subscribersCsv(subscribers.exportSubscribers(request.query.search))),
    )

    app.get(
      '/api/admin/free-product-claims',
      {
        schema: {
          tags: ['admin'],
          summary: 'Free product requests, newest first: the address, the product, the consent, whether it was confirmed and whether news was wanted',
          querystring: subscribersQuerySchema,
          response: { 200: freeProductClaimsResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the free product requests' },
      },
      async (request) => subscribers.listFreeProductClaims(request.query),
    )

    app.get(
      '/api/admin/free-product-claims.csv',
      {
        schema: { tags: ['admin'], summary: 'Every matching free product request as a CSV file', querystring: subscribersCsvQuerySchema },
        config: { failureMessage: 'Failed to export the free product requests' },
      },
      async (request, reply) =>
        sendCsvFile(reply, FREE_PRODUCT_CLAIMS_CSV_NAME, freeProductClaimsCsv(subscribers.exportFreeProductClaims(request.query.search))),
    )
  }
}
