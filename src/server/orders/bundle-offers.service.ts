/**
 * "Complete the bundle" for one buyer: the bundle's items, which of them the buyer owns, and the
 * price that completes it (src/shared/bundles.ts). Checkout prices bundle lines with it and the
 * product page shows it, so both say the same amount.
 */
import { completionPriceCents } from '../../shared/bundles.ts'
import type { BundlesService } from '../catalog/bundles.service.ts'
import type { BuyerOrdersService } from './buyer-orders.service.ts'

/** What a bundle offers this buyer: its items and the price that completes it for them. */
export interface BundleOffer {
  bundleId: string
  /** Every item's product id, in the bundle's order, with its download limit. */
  items: { productId: string; downloadLimit: number }[]
  ownedProductIds: string[]
  priceCents: number
}

export interface BundleOffersDeps {
  catalog: Pick<BundlesService, 'bundleItemsOf' | 'bundleFloorOf'>
  buyerOrders: Pick<BuyerOrdersService, 'paidForProducts'>
}

export function createBundleOffers({ catalog, buyerOrders }: BundleOffersDeps) {
  return {
    /** The offer to `userId` (null: a guest, who pays the bundle's price) for a bundle priced `bundlePriceCents` now. */
    async bundleOffer(bundleId: string, bundlePriceCents: number, userId: string | null): Promise<BundleOffer> {
      const items = await catalog.bundleItemsOf(bundleId)
      const paid = userId
        ? await buyerOrders.paidForProducts(
            userId,
            items.map((item) => item.productId),
          )
        : new Map<string, number>()
      const ownedProductIds = items.filter((item) => paid.has(item.productId)).map((item) => item.productId)
      const paidForOwned = [...paid.values()].reduce((sum, cents) => sum + cents, 0)
      const floor = ownedProductIds.length > 0 ? await catalog.bundleFloorOf(bundleId) : null
      return {
        bundleId,
        items: items.map(({ productId, downloadLimit }) => ({ productId, downloadLimit })),
        ownedProductIds,
        priceCents: ownedProductIds.length > 0 ? completionPriceCents(bundlePriceCents, floor, paidForOwned) : bundlePriceCents,
      }
    },
  }
}

export type BundleOffers = ReturnType<typeof createBundleOffers>
