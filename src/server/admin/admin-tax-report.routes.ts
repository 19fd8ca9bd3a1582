/**
 * The owner's tax report: `GET /api/admin/tax-report?quarter=2026-Q4` (or `?from&to`, days
 * inclusive, UTC) answers the tax collected per country, region, rate and tax name, net of
 * refunds, from the invoices and credit notes issued in it; `GET /api/admin/tax-report.csv`
 * answers the same rows as a file to download. Both only read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { taxReportPeriod, taxReportQuerySchema, taxReportResponseSchema } from '../../shared/contract/tax-report.ts'
import { sendCsvFile } from '../http/csv-reply.ts'
import type { TaxReportService } from '../tax/tax-report.service.ts'
import { taxReportCsv, taxReportFileName } from './tax-report-csv.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema }
const FAILED = 'Failed to load the tax report'

export function adminTaxReportRoutes({ taxReport }: { taxReport: Pick<TaxReportService, 'report'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/tax-report',
      {
        schema: {
          tags: ['admin'],
          summary: 'Tax collected per country, region and rate in a quarter or run of days, net of refunds, from the invoices and credit notes',
          querystring: taxReportQuerySchema,
          response: { 200: taxReportResponseSchema, ...errors },
        },
        config: { failureMessage: FAILED },
      },
      async (request) => ({ data: await taxReport.report(taxReportPeriod(request.query)) }),
    )

    app.get(
      '/api/admin/tax-report.csv',
      {
        schema: { tags: ['admin'], summary: 'The tax report as a CSV file', querystring: taxReportQuerySchema },
        config: { failureMessage: FAILED },
      },
      async (request, reply) => {
        const report = await taxReport.report(taxReportPeriod(request.query))
        return sendCsvFile(reply, taxReportFileName(report), taxReportCsv(report))
      },
    )
  }
}
