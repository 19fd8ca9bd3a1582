/**
 * The owner's reports: the dashboard (the last 30 days of sales, downloads and refunds, and the
 * best-selling products) and the customers list (who bought, how often, for how much).
 */
import { z } from 'zod'
import { queryInteger } from './strict-input.ts'

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

export const CUSTOMERS_MAX_PAGE_SIZE = 100

export const listCustomersQuerySchema = z.object({
  /** Part of an email address. */
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search must be at most 200 characters').optional(),
  limit: queryInteger('limit', 1, CUSTOMERS_MAX_PAGE_SIZE).default(25),
  offset: queryInteger('offset', 0, 1_000_000).default(0),
})

export const customerSchema = z.object({
  email: z.string(),
  /** The account, or null for a guest who bought with this email. */
  userId: z.string().nullable(),
  orders: z.number().int(),
  /** Paid less refunded, over every paid order. */
  spentCents: z.number().int(),
  lastOrderAt: z.string(),
})
export type Customer = z.infer<typeof customerSchema>
export const listCustomersResponseSchema = z.object({ data: z.array(customerSchema), total: z.number().int(), hasMore: z.boolean() })
