/**
 * Orders of free products: a visitor who confirmed their email gets the product as a COMPLETED
 * order of $0.00 (provider `free`, no payment session), so the Download Hub, the private order
 * page, counted and signed downloads, file updates and licences treat it as any other purchase.
 * It is written in the caller's transaction (the confirmation's), with a private order link, and
 * joins the account whose confirmed address it is, as a paid guest order does.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import type { GuestOrdersService } from './guest-orders.service.ts'
import type { OrderLicenceKeys } from './order-dependents.types.ts'
import type { OrderLinksService } from './order-links.service.ts'
import { orderItems, orders } from './orders.schema.ts'

/** The provider of an order nobody paid for: a free product. */
export const FREE_PAYMENT_PROVIDER = 'free'

export interface NewFreeOrder {
  email: string
  productId: string
  downloadLimit: number
  /** A bundle given away: the items it grants, each an order item of its own under the bundle's. */
  bundleItems?: { productId: string; downloadLimit: number }[]
  /** What the order was made for (the free product request's id): its fingerprint. */
  reference: string
}

export interface FreeOrdersServiceDeps {
  guestOrders: Pick<GuestOrdersService, 'joinPaidGuestOrder'>
  orderLinks: Pick<OrderLinksService, 'browserTokenOf'>
  /** A free product with a key policy gets its key with the order, as a paid one does. */
  licenceKeys: Pick<OrderLicenceKeys, 'assignKeys'>
}

export function createFreeOrdersService({ guestOrders, orderLinks, licenceKeys }: FreeOrdersServiceDeps) {
  return {
    /** Writes the $0.00 order with its one item (and a bundle's items) in `tx`; answers its id and the token of its first private link. */
    async createFreeOrder(tx: Executor, order: NewFreeOrder): Promise<{ orderId: string; accessToken: string | null }> {
      const email = order.email.trim().toLowerCase()
      const [written] = await tx
        .insert(orders)
        .values({
          userId: null,
          customerEmail: email,
          status: 'COMPLETED',
          checkoutType: 'direct',
          subtotalCents: 0,
          discountCents: 0,
          taxCents: 0,
          totalAmountCents: 0,
          currency: 'usd',
          paymentProvider: FREE_PAYMENT_PROVIDER,
          cartFingerprint: `free:${order.reference}`,
          completedAt: sql`now()`,
        })
        .returning()
      const [item] = await tx
        .insert(orderItems)
        .values({
          orderId: written!.id,
          productId: order.productId,
          quantity: 1,
          priceCents: 0,
          regularPriceCents: 0,
          downloadLimit: order.downloadLimit,
          downloadsRemaining: order.downloadLimit,
        })
        .returning({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
      const granted = order.bundleItems ?? []
      const grantedItems = []
      if (granted.length > 0) {
        const grantedRows = await tx
          .insert(orderItems)
          .values(
            granted.map((child) => ({
              orderId: written!.id,
              productId: child.productId,
              quantity: 1,
              priceCents: 0,
              parentItemId: item!.id,
              downloadLimit: child.downloadLimit,
              downloadsRemaining: child.downloadLimit,
            })),
          )
          .returning({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
        grantedItems.push(...grantedRows)
      }
      await licenceKeys.assignKeys(tx, written!.id, [item!, ...grantedItems])
      const accessToken = await orderLinks.browserTokenOf(tx, written!.id)
      // An account that confirmed this address owns the order at once, with its downloads, as a paid guest order.
      await guestOrders.joinPaidGuestOrder(tx, written!)
      return { orderId: written!.id, accessToken }
    },

    /**
     * The token the confirmation page shows for the order: null while the owner's withdrawal of
     * its links stands (an emailed confirmation link must not bring back what the owner revoked).
     */
    liveAccessToken: (tx: Executor, orderId: string) => orderLinks.browserTokenOf(tx, orderId),
  }
}

export type FreeOrdersService = ReturnType<typeof createFreeOrdersService>
