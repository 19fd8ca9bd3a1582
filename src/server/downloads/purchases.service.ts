/**
 * What the signed-in user bought: the items of their paid orders with product, order and
 * whether each can still be downloaded (the download hub), and the ids of the products they own (the "✓ Owned" badge and the
 * already-owned rule). Orders answer the items, the catalog the products: one query each.
 */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import type { Purchase } from '../../shared/contract/downloads.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { BuyerScope } from '../orders/buyer-orders.types.ts'

export interface PurchasesServiceDeps {
  orders: Pick<BuyerOrdersService, 'purchasedItemsOf' | 'ownedProductIds'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
}

export function createPurchasesService({ orders, catalog }: PurchasesServiceDeps) {
  return {
    /** The scope's bought items: a signed-in buyer's (the hub), or one order's (its private link's page). */
    async listPurchases(scope: BuyerScope): Promise<Purchase[]> {
      const items = await orders.purchasedItemsOf(scope)
      const products = await catalog.productSummariesByIds(items.map((item) => item.productId))
      return items.flatMap((item) => {
        const product = products.get(item.productId)
        // A bundle without a file of its own has nothing to download: its items are listed, each with its own downloads.
        if (!product || (product.isBundle && product.fileVersion === null)) return []
        const { isDigital: _isDigital, isBundle: _isBundle, ...shown } = product
        return [
          {
            id: item.id,
            orderId: item.orderId,
            productId: item.productId,
            quantity: item.quantity,
            downloadsRemaining: item.downloadsRemaining,
            // An order item's download limit is the product's limit at purchase; the line grants it per unit.
            downloadLimit: item.downloadLimit * item.quantity,
            access: item.access,
            product: shown,
            order: { id: item.orderId, orderNumber: orderNumberOf(item.orderId), createdAt: item.orderCreatedAt.toISOString() },
          },
        ]
      })
    },

    /** Every product the user bought and was not refunded; the client applies the digital-only rule. */
    ownedProductIds(userId: string): Promise<string[]> {
      return orders.ownedProductIds(userId)
    },
  }
}

export type PurchasesService = ReturnType<typeof createPurchasesService>
