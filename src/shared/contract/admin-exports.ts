/**
 * The owner's exports for the accountant: paid orders (one row per order item) for a run of days,
 * and every customer who paid, as CSV files the browser saves. Days are UTC and inclusive, as the
 * orders list and the tax report read them.
 */
import { z } from 'zod'
import { optionalCalendarDate } from './strict-input.ts'

export const ordersExportQuerySchema = z
  .object({
    /** First day, inclusive (UTC). */
    from: optionalCalendarDate('from'),
    /** Last day, inclusive (UTC). */
    to: optionalCalendarDate('to'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The last day must not be before the first' })
type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>

/** `als-orders-2026-11-01-2026-11-30.csv`; an open end is named as such (`als-orders-from-2026-11-01.csv`, `als-orders-all.csv`). */
export function ordersExportFileName({ from, to }: OrdersExportQuery): string {
  const days = from && to ? `${from}-${to}` : from ? `from-${from}` : to ? `to-${to}` : 'all'
  return `als-orders-${days}.csv`
}

export const CUSTOMERS_EXPORT_FILE_NAME = 'als-customers.csv'
