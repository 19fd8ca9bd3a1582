/**
 * Bundles: a product that holds other products. What a bundle holds, in the owner's order, for
 * its page (bundle-items.routes.ts), for "complete the bundle" (orders' bundle offers) and for
 * checkout and free products (which grant each item on its own); how many it holds, for the cards'
 * badge; and the owner's change of a bundle's items and floor (the owner's routes and CLI).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { BUNDLE_MESSAGES, type AdminBundle, type BundleSave } from '../../shared/contract/bundles.ts'
import type { ProductListItem } from '../../shared/contract/catalog.ts'
import { PRODUCT_ADMIN_MESSAGES } from '../../shared/contract/admin-products.ts'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { isUuid } from '../../shared/ids.ts'
import { formatPrice } from '../../shared/money.ts'
import type { Database, Executor } from '../db/client.ts'
import { fieldError, notFound } from '../http/errors.ts'
import { bundleItems, categories, categoryViewColumns, products } from './catalog.schema.ts'
import { toJoinedListItem, type MediaUrl, type SalePricing } from './product-view.ts'
import { seenAtOnce, type WriteSeenBy } from './seen-at-once.ts'

/** An item of a bundle, as checkout grants it. */
export interface BundleItemFacts {
  productId: string
  name: string
  downloadLimit: number
}

/** What the audit log keeps of a bundle: its items by name, in order, and its floor. */
export type BundleChange = { before: Record<string, unknown>; after: Record<string, unknown> }

const auditedBundle = (names: readonly string[], floorCents: number | null) => ({
  bundleItems: names.join(', '),
  bundleFloor: floorCents === null ? '' : formatPrice(floorCents),
})

/** The products each bundle among `list` holds counted, in one query; bundles already counted and other products are returned as they are. */
export async function countBundleItems<T extends { id: string; isBundle: boolean; bundleItemCount?: number }>(db: Database, list: T[]): Promise<T[]> {
  const uncounted = (product: T) => product.isBundle && product.bundleItemCount === undefined
  const bundleIds = list.filter(uncounted).map((product) => product.id)
  if (bundleIds.length === 0) return list
  const rows = await db
    .select({ bundleId: bundleItems.bundleId, count: sql<number>`count(*)::int` })
    .from(bundleItems)
    .where(inArray(bundleItems.bundleId, bundleIds))
    .groupBy(bundleItems.bundleId)
  const counts = new Map(rows.map((row) => [row.bundleId, Number(row.count)]))
  return list.map((product) => (uncounted(product) ? { ...product, bundleItemCount: counts.get(product.id) ?? 0 } : product))
}

export interface BundlesOptions {
  /** Where browsers fetch the items' covers and previews. */
  mediaUrl?: MediaUrl
  /** The sales running now: a bundle's items show the prices the catalog answers everywhere. */
  pricingNow?: () => Promise<SalePricing>
  /** The search engine told of a changed bundle at once (seen-at-once.ts). */
  search?: WriteSeenBy
}

export function createBundlesService(db: Database, { mediaUrl, pricingNow, search }: BundlesOptions = {}) {
  /** The bundle's items with their names, in the owner's order. */
  function itemsOf(executor: Executor, bundleId: string) {
    return executor
      .select({ productId: bundleItems.productId, name: products.name, priceCents: products.priceCents, active: products.isActive })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.productId))
      .where(eq(bundleItems.bundleId, bundleId))
      .orderBy(asc(bundleItems.position), asc(products.name))
  }

  const bundles = {
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

    /**
     * What an active bundle holds, as a list carries products (cover, name, price, preview), in
     * the owner's order. Archived items are listed too: buying the bundle grants them all.
     */
    async bundleItemList(bundleId: string): Promise<ProductListItem[]> {
      const [bundle] = isUuid(bundleId)
        ? await db
            .select({ isBundle: products.isBundle })
            .from(products)
            .where(and(eq(products.id, bundleId), eq(products.isActive, true)))
        : []
      if (!bundle) throw notFound(ERROR_MESSAGES.productNotFound)
      const rows = await db
        .select({ product: products, category: categoryViewColumns })
        .from(bundleItems)
        .innerJoin(products, eq(products.id, bundleItems.productId))
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(eq(bundleItems.bundleId, bundleId))
        .orderBy(asc(bundleItems.position), asc(products.name))
      // Each item at the price a shopper would pay for it alone now, sale included.
      const pricing = pricingNow ? await pricingNow() : undefined
      return rows.map((row) => toJoinedListItem(row, mediaUrl, pricing))
    },

    /** The products each bundle among `list` holds counted, in one query; bundles already counted and other products are returned as they are. */
    withBundleItemCounts<T extends { id: string; isBundle: boolean; bundleItemCount?: number }>(list: T[]): Promise<T[]> {
      return countBundleItems(db, list)
    },

    /** A product as its owner's Bundle panel shows it (a product that is not a bundle has no items). */
    async adminBundle(bundleId: string): Promise<AdminBundle> {
      const [row] = isUuid(bundleId)
        ? await db
            .select({ isBundle: products.isBundle, priceCents: products.priceCents, floorCents: products.bundleFloorCents })
            .from(products)
            .where(eq(products.id, bundleId))
        : []
      if (!row) throw notFound(PRODUCT_ADMIN_MESSAGES.notFound)
      return { productId: bundleId, ...row, items: await itemsOf(db, bundleId) }
    },

    /**
     * Makes the product a bundle of `productIds` (in that order) with its floor, or no bundle at
     * all when none are given, in one transaction with its audit entry. Refused: the bundle
     * itself, a product twice, an unknown product, a bundle inside a bundle (either way round)
     * and a floor above the bundle's price. The bundle's row is locked, so two saves queue.
     */
    async setBundle(bundleId: string, { productIds, floorCents }: BundleSave, audit: (tx: Executor, id: string, change: BundleChange) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [bundle] = isUuid(bundleId) ? await tx.select().from(products).where(eq(products.id, bundleId)).for('update') : []
        if (!bundle) throw notFound(PRODUCT_ADMIN_MESSAGES.notFound)
        if (productIds.includes(bundleId)) throw fieldError('productIds', BUNDLE_MESSAGES.itself)
        if (new Set(productIds).size !== productIds.length) throw fieldError('productIds', BUNDLE_MESSAGES.duplicate)
        if (!productIds.every(isUuid)) throw fieldError('productIds', BUNDLE_MESSAGES.unknownProduct)
        const chosen = productIds.length > 0 ? await tx.select().from(products).where(inArray(products.id, productIds)) : []
        if (chosen.length !== productIds.length) throw fieldError('productIds', BUNDLE_MESSAGES.unknownProduct)
        const nested = chosen.find((product) => product.isBundle)
        if (nested) throw fieldError('productIds', BUNDLE_MESSAGES.nested(nested.name))
        if (productIds.length > 0) {
          const [holder] = await tx
            .select({ name: products.name })
            .from(bundleItems)
            .innerJoin(products, eq(products.id, bundleItems.bundleId))
            .where(eq(bundleItems.productId, bundleId))
            .limit(1)
          if (holder) throw fieldError('productIds', BUNDLE_MESSAGES.heldByBundle(holder.name))
        }
        // An emptied bundle is a product again, which must have a file to be on sale.
        if (productIds.length === 0 && bundle.isActive && !bundle.fileUrl) throw fieldError('productIds', BUNDLE_MESSAGES.activeWithoutFile)
        if (floorCents !== null && floorCents > bundle.priceCents)
          throw fieldError('floorCents', BUNDLE_MESSAGES.floorAbovePrice(formatPrice(bundle.priceCents)))

        const before = await itemsOf(tx, bundleId)
        await tx.delete(bundleItems).where(eq(bundleItems.bundleId, bundleId))
        if (productIds.length > 0) await tx.insert(bundleItems).values(productIds.map((productId, position) => ({ bundleId, productId, position })))
        const isBundle = productIds.length > 0
        const floor = isBundle ? floorCents : null
        // A bundle is sold as a download, once per buyer: the store's rules for downloads (one per cart, "✓ Owned") hold for it.
        const metadata = isBundle ? { ...bundle.metadata, product_type: 'digital_download' as const, purchase_limit: '1' } : bundle.metadata
        await tx
          .update(products)
          .set({ isBundle, bundleFloorCents: floor, metadata, updatedAt: sql`now()` })
          .where(eq(products.id, bundleId))
        const names = new Map(chosen.map((product) => [product.id, product.name]))
        await audit(tx, bundleId, {
          before: auditedBundle(
            before.map((item) => item.name),
            bundle.isBundle ? bundle.bundleFloorCents : null,
          ),
          after: auditedBundle(
            productIds.map((id) => names.get(id)!),
            floor,
          ),
        })
      })
    },
  }
  return seenAtOnce(search, bundles, ['setBundle'])
}

export type BundlesService = ReturnType<typeof createBundlesService>
