/**
 * The owner's exports for the accountant, admin-only: `GET /api/admin/exports/orders.csv?from&to`
 * (paid orders placed in those days, one row per order item, with tax and refunds) and
 * `GET /api/admin/exports/customers.csv` (everyone who paid, with what they paid after refunds).
 * Each streams as the database hands over its batches, so no export is held whole in memory;
 * the subscribers' file is `GET /api/admin/subscribers.csv`, written by the same rules. Only read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CUSTOMERS_EXPORT_FILE_NAME, ordersExportFileName, ordersExportQuerySchema } from '../../shared/contract/admin-exports.ts'
import { sendCsvFile } from '../http/csv-reply.ts'
import type { OrderExportsService } from '../orders/order-exports.service.ts'
import { customersCsv, ordersCsv } from './exports-csv.ts'

export function adminExportsRoutes({ exports }: { exports: OrderExportsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/exports/orders.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Paid orders placed in a run of days (UTC, inclusive) as a CSV file: one row per order item, with tax, discount and refunds',
          querystring: ordersExportQuerySchema,
        },
        config: { failureMessage: 'Failed to export the orders' },
      },
      async (request, reply) => sendCsvFile(reply, ordersExportFileName(request.query), ordersCsv(exports.exportOrders(request.query))),
    )

    app.get(
      '/api/admin/exports/customers.csv',
      {
        schema: { tags: ['admin'], summary: 'Everyone who paid for an order as a CSV file: account or guest, first and last order, total paid after refunds' },
        config: { failureMessage: 'Failed to export the customers' },
      },
      async (_request, reply) => sendCsvFile(reply, CUSTOMERS_EXPORT_FILE_NAME, customersCsv(exports.exportCustomers())),
    )
  }
}
