/**
 * The owner's reports: the dashboard (the last 30 days of sales, downloads and refunds, and the
 * best-selling products). The customers list is admin-customers.ts's.
 */
import { z } from 'zod'

/** How many days the dashboard looks back. */
export const DASHBOARD_DAYS = 30

export const dailyFigureSchema = z.object({
  /** The day (UTC), `YYYY-MM-DD`. */
  day: z.string(),
  orders: z.number().int(),
  /** What was paid that day, less what has been refunded of those orders since, without the tax collected. */
  revenueCents: z.number().int(),
  downloads: z.number().int(),
})
export type DailyFigure = z.infer<typeof dailyFigureSchema>

export const dashboardSchema = z.object({
  days: z.array(dailyFigureSchema),
  totals: z.object({
    orders: z.number().int(),
    revenueCents: z.number().int(),
    downloads: z.number().int(),
    refunds: z.number().int(),
    refundedCents: z.number().int(),
  }),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number().int(), revenueCents: z.number().int() })),
})
export type Dashboard = z.infer<typeof dashboardSchema>
export const dashboardResponseSchema = z.object({ data: dashboardSchema })
