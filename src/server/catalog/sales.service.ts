/**
 * Timed sales: the schedule every catalog read prices with (the sales running now, kept until a
 * change or the next boundary: sale-schedule.ts), and the owner's sales (the list, create, save
 * over a version, End now, delete, and the CLI's `sale set` by name: sale-admin.ts). The owner's
 * routes (admin-sales.routes.ts) and CLI (`owner sale`) write through it; the product reads,
 * bundles and the owner's product list price with its schedule, which app.ts joins to the catalog
 * cache (a cleared cache drops the kept sales, a new list of sales sets the cache's expiry).
 */
import type { Database } from '../db/client.ts'
import { createSaleAdmin } from './sale-admin.ts'
import { createSaleSchedule } from './sale-schedule.ts'

export type { AdminSaleRow, SaleAudit } from './sale-admin.ts'

export function createSalesService(db: Database) {
  const saleSchedule = createSaleSchedule(db)
  return {
    /** The timed sales this service prices with: app.ts joins them to the catalog cache. */
    saleSchedule,
    ...createSaleAdmin(db, saleSchedule),
  }
}

export type SalesService = ReturnType<typeof createSalesService>
