/**
 * The owner's reports: `GET /api/admin/dashboard` (the last 30 days per day: orders, revenue
 * kept after refunds, downloads; refunds; the best-selling products) and `GET /api/admin/funnel`
 * (product views → added to cart → checkout started → paid, for a chosen period). The customers
 * list is admin-customers.routes.ts's.
 * Every figure is one grouped query; product names come in one batch from the catalog.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DASHBOARD_DAYS, dashboardResponseSchema, type DailyFigure } from '../../shared/contract/admin-reports.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { funnelQuerySchema, funnelResponseSchema } from '../../shared/contract/store-events.ts'
import type { AnalyticsService } from '../analytics/analytics.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { DownloadsService } from '../downloads/downloads.service.ts'
import type { OrderReportsService } from '../orders/order-reports.service.ts'

const TOP_PRODUCTS = 5
const DAY_MS = 24 * 60 * 60_000
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema }

export interface AdminReportsDeps {
  orders: Pick<OrderReportsService, 'salesPerDay' | 'topProducts' | 'refundsSince' | 'checkoutsBetween'>
  analytics: Pick<AnalyticsService, 'totalsBetween'>
  downloads: Pick<DownloadsService, 'downloadsPerDay'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
}

/** The last `count` UTC days, oldest first, ending today. */
export function lastDays(count: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10))
}

export function adminReportsRoutes({ orders, downloads, catalog, analytics }: AdminReportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags: ['admin'],
          summary: 'The last 30 days: orders, revenue, downloads and refunds per day, and the best-selling products',
          response: { 200: dashboardResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the dashboard' },
      },
      async () => {
        const days = lastDays(DASHBOARD_DAYS)
        const since = new Date(`${days[0]}T00:00:00.000Z`)
        const [sales, downloaded, top, refunds] = [
          await orders.salesPerDay(since),
          await downloads.downloadsPerDay(since),
          await orders.topProducts(since, TOP_PRODUCTS),
          await orders.refundsSince(since),
        ]
        const salesByDay = new Map(sales.map((row) => [row.day, row]))
        const downloadsByDay = new Map(downloaded.map((row) => [row.day, row.downloads]))
        const figures: DailyFigure[] = days.map((day) => ({
          day,
          orders: salesByDay.get(day)?.orders ?? 0,
          revenueCents: salesByDay.get(day)?.revenueCents ?? 0,
          downloads: downloadsByDay.get(day) ?? 0,
        }))
        const names = await catalog.productSummariesByIds(top.map((row) => row.productId))
        return {
          data: {
            days: figures,
            totals: {
              orders: figures.reduce((sum, figure) => sum + figure.orders, 0),
              revenueCents: figures.reduce((sum, figure) => sum + figure.revenueCents, 0),
              downloads: figures.reduce((sum, figure) => sum + figure.downloads, 0),
              ...refunds,
            },
            topProducts: top.map((row) => ({ ...row, name: names.get(row.productId)?.name ?? 'Deleted product' })),
          },
        }
      },
    )

    app.get(
      '/api/admin/funnel',
      {
        schema: {
          tags: ['admin'],
          summary: 'The funnel for the last 1, 7, 30 or 90 days: product views, added to cart, checkouts started, orders paid',
          querystring: funnelQuerySchema,
          response: { 200: funnelResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the funnel' },
      },
      async (request) => {
        const days = lastDays(request.query.days)
        const from = days[0]!
        const to = days.at(-1)!
        const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS)
        const [events, checkouts] = [await analytics.totalsBetween(from, to), await orders.checkoutsBetween(new Date(`${from}T00:00:00.000Z`), end)]
        return {
          data: {
            from,
            to,
            productViews: events.product_view,
            cartAdds: events.cart_add,
            checkoutsStarted: checkouts.started,
            paidOrders: checkouts.paid,
          },
        }
      },
    )
  }
}
