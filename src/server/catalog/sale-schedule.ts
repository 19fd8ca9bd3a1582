/**
 * Timed sales as the catalog applies them. The sales that matter now (switched on, not ended)
 * are few: they are read once into this process and kept until the catalog changes (any
 * process's write NOTIFYs the catalog channel, which clears the catalog cache and, through it,
 * this list) or the next sale boundary, a start or an end, whichever comes first. Each catalog
 * read takes them with the clock read at that moment (`new Date()`, so a test can move it), and
 * the catalog cache is told to expire at the next boundary, so no kept answer outlives a price.
 */
import { and, eq, gt } from 'drizzle-orm'
import type { SaleTerms } from '../../shared/contract/selling.ts'
import { nextSaleBoundary } from '../../shared/sales.ts'
import type { Database } from '../db/client.ts'
import type { CatalogCache } from './catalog-cache.ts'
import { sales, type SaleRow } from './catalog.schema.ts'
import type { SalePricing } from './product-view.ts'

/** A stored sale as the pricing rule reads it. */
export function saleTermsOf(row: SaleRow): SaleTerms {
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    scope: row.scope,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  }
}

interface LoadedSales {
  sales: SaleTerms[]
  /** The next start or end after the moment they were read (milliseconds); null: none ahead. */
  boundary: number | null
}

/** What the schedule needs of the catalog cache: to hear that it was cleared, and to make it expire. */
export type SaleCacheLink = Pick<CatalogCache, 'onClear' | 'expireAt'>

/** The list kept in this process; its boundary is known once it is read. */
interface KeptSales {
  loaded: Promise<LoadedSales>
  boundary?: number | null
}

export function createSaleSchedule(db: Database) {
  let current: KeptSales | null = null
  let cache: SaleCacheLink | null = null

  function load(now: Date): Promise<LoadedSales> {
    const entry = {} as KeptSales
    entry.loaded = db
      .select()
      .from(sales)
      .where(and(eq(sales.active, true), gt(sales.endsAt, now)))
      .then((rows) => {
        const terms = rows.map(saleTermsOf)
        const boundary = nextSaleBoundary(terms, now)?.getTime() ?? null
        // A list read before a change (it was dropped meanwhile) answers its own readers and sets nothing.
        if (current === entry) {
          entry.boundary = boundary
          cache?.expireAt(boundary === null ? null : new Date(boundary))
        }
        return { sales: terms, boundary }
      })
    entry.loaded.catch(() => {
      if (current === entry) current = null
    })
    current = entry
    return entry.loaded
  }

  /** The kept list, read again once dropped or once its next boundary has come. */
  function salesAt(now: Date): Promise<LoadedSales> {
    const kept = current
    if (!kept) return load(now)
    if (typeof kept.boundary === 'number' && now.getTime() >= kept.boundary) return load(now)
    return kept.loaded
  }

  return {
    /** The sales that may price products now, and the moment they are read at: what every catalog read applies. */
    async pricingNow(): Promise<SalePricing> {
      const now = new Date()
      return { sales: (await salesAt(now)).sales, now }
    },

    /** Drops the kept list: a sale was written (the next read loads them again). */
    salesChanged(): void {
      current = null
    },

    /**
     * Joins the schedule to the catalog cache: a cleared cache (a catalog change in any process,
     * or its expiry) drops the kept sales, and each load sets the cache's expiry to the next
     * boundary. Answers the function that parts them.
     */
    follow(link: SaleCacheLink): () => void {
      cache = link
      current = null
      const stop = link.onClear(() => {
        current = null
      })
      return () => {
        stop()
        if (cache === link) cache = null
      }
    },
  }
}

export type SaleSchedule = ReturnType<typeof createSaleSchedule>
