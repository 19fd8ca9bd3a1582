/**
 * Licence routes: GET /api/licences/:code (the public check behind /licences/{code}: licensee,
 * order number, date, products, terms; never an email) and GET /api/licences/:code/certificate.pdf.
 * The code is the proof, so both answer without a session; neither is cached.
 */
import contentDisposition from 'content-disposition'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { LICENCE_MESSAGES, licenceCodeParamsSchema, licencePagePath, licenceResponseSchema } from '../../shared/contract/licences.ts'
import { licencePdf } from './licence.ts'
import type { BuyerOrdersService } from './buyer-orders.service.ts'

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export function licenceRoutes(orders: Pick<BuyerOrdersService, 'licenceByCode'>, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/api/licences/:code',
      {
        schema: {
          tags: ['orders'],
          summary: "An order's licence, checked by its code (no email)",
          params: licenceCodeParamsSchema,
          response: { 200: licenceResponseSchema, ...errors },
        },
        config: { failureMessage: LICENCE_MESSAGES.loadFailed },
      },
      async (request) => ({ data: await orders.licenceByCode(request.params.code) }),
    )

    app.get(
      '/api/licences/:code/certificate.pdf',
      {
        schema: { tags: ['orders'], summary: "An order's licence certificate as a PDF", params: licenceCodeParamsSchema },
        config: { failureMessage: LICENCE_MESSAGES.loadFailed },
      },
      async (request, reply) => {
        const licence = await orders.licenceByCode(request.params.code)
        return reply
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(`ALS-licence-${licence.orderNumber}.pdf`))
          .send(await licencePdf(licence, `${publicUrl}${licencePagePath(licence.code)}`))
      },
    )
  }
}
