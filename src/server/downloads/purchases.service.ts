/**
 * What the signed-in user bought: the items of their COMPLETED orders with product and order
 * (the download hub), and the ids of the products they own (the "✓ Owned" badge and the
 * already-owned rule). Each is one query, scoped to the user.
 */
import { and, desc, eq } from 'drizzle-orm'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import type { Purchase } from '../../shared/contract/downloads.ts'
import type { Database } from '../db/client.ts'
import { categories, orderItems, orders, products } from '../db/schema.ts'

export function createPurchasesService(db: Database) {
  return {
    async listPurchases(userId: string): Promise<Purchase[]> {
      const rows = await db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          quantity: orderItems.quantity,
          downloadsRemaining: orderItems.downloadsRemaining,
          downloadLimit: orderItems.downloadLimit,
          orderCreatedAt: orders.createdAt,
          product: {
            id: products.id,
            name: products.name,
            description: products.description,
            imageUrl: products.imageUrl,
            fileSize: products.fileSize,
            downloadLimit: products.downloadLimit,
          },
          category: { id: categories.id, name: categories.name, slug: categories.slug, description: categories.description },
        })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .innerJoin(products, eq(orderItems.productId, products.id))
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(orders.userId, userId), eq(orders.status, 'COMPLETED')))
        .orderBy(desc(orders.createdAt), desc(orders.id), desc(orderItems.createdAt), desc(orderItems.id))

      return rows.map((row) => ({
        id: row.id,
        orderId: row.orderId,
        productId: row.productId,
        quantity: row.quantity,
        downloadsRemaining: row.downloadsRemaining,
        // order_items.download_limit is the product's limit at purchase; the line grants it per unit.
        downloadLimit: row.downloadLimit * row.quantity,
        product: { ...row.product, category: row.category },
        order: { id: row.orderId, orderNumber: orderNumberOf(row.orderId), createdAt: row.orderCreatedAt.toISOString() },
      }))
    },

    /** Every product in the user's COMPLETED orders; the client applies the digital-only rule. */
    async ownedProductIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ productId: orderItems.productId })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(eq(orders.userId, userId), eq(orders.status, 'COMPLETED')))
        .orderBy(orderItems.productId)
      return rows.map((row) => row.productId)
    },
  }
}

export type PurchasesService = ReturnType<typeof createPurchasesService>
