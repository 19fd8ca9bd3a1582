/**
 * Bundles: a product that holds other products. What a bundle holds, in the owner's order, for
 * its page, for "complete the bundle" and for checkout (which grants each item on its own).
 */
import { asc, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { bundleItems, products } from './catalog.schema.ts'

/** An item of a bundle, as checkout grants it. */
export interface BundleItemFacts {
  productId: string
  name: string
  downloadLimit: number
}

export function createBundles(db: Database) {
  return {
    /** The products a bundle holds, in the owner's order (empty for a product that is not a bundle). */
    async bundleItemsOf(bundleId: string): Promise<BundleItemFacts[]> {
      return db
        .select({ productId: bundleItems.productId, name: products.name, downloadLimit: products.downloadLimit })
        .from(bundleItems)
        .innerJoin(products, eq(products.id, bundleItems.productId))
        .where(eq(bundleItems.bundleId, bundleId))
        .orderBy(asc(bundleItems.position), asc(products.name))
    },

    /** The least "complete the bundle" may ask for it, in cents (0 when the owner set none). */
    async bundleFloorOf(bundleId: string): Promise<number> {
      const [row] = await db.select({ floor: products.bundleFloorCents }).from(products).where(eq(products.id, bundleId)).limit(1)
      return row?.floor ?? 0
    },
  }
}
