/**
 * Orders of free products: a visitor who confirmed their email gets the product as a COMPLETED
 * order of $0.00 (provider `free`, no payment session), so the Download Hub, the private order
 * page, counted and signed downloads, file updates and licences treat it as any other purchase.
 * It is written in the caller's transaction (the confirmation's), with a private order link, and
 * joins the account whose confirmed address it is, as a paid guest order does.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { GuestOrdersService } from './guest-orders.service.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'
import type { OrderAccessService } from './order-access.service.ts'
import { orderAccessLinks, orderItems, orders } from './orders.schema.ts'

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
  /** Signs the private order links (AUTH_SECRET), as order-access.service.ts does. */
  authSecret: string
  guestOrders: Pick<GuestOrdersService, 'joinPaidGuestOrder'>
  orderAccess: Pick<OrderAccessService, 'tokenForOrder'>
  /** A free product with a key policy gets its key with the order, as a paid one does. */
  licenceKeys: Pick<LicenceKeysService, 'assignKeys'>
}

export function createFreeOrdersService({ authSecret, guestOrders, orderAccess, licenceKeys }: FreeOrdersServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'order-access-link')

  return {
    /** Writes the $0.00 order with its one item (and a bundle's items) in `tx`; answers its id and the token of its private link. */
    async createFreeOrder(tx: Executor, order: NewFreeOrder): Promise<{ orderId: string; accessToken: string }> {
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
      const accessToken = await orderAccess.tokenForOrder(tx, written!.id)
      // An account that confirmed this address owns the order at once, with its downloads, as a paid guest order.
      await guestOrders.joinPaidGuestOrder(tx, written!)
      return { orderId: written!.id, accessToken }
    },

    /**
     * The token of the order's newest live private link; null when the owner withdrew them all
     * (an emailed confirmation link must not bring back what the owner revoked) or the order is gone.
     */
    async liveAccessToken(tx: Executor, orderId: string): Promise<string | null> {
      const [live] = await tx
        .select({ id: orderAccessLinks.id })
        .from(orderAccessLinks)
        .where(and(eq(orderAccessLinks.orderId, orderId), isNull(orderAccessLinks.revokedAt)))
        .orderBy(desc(orderAccessLinks.createdAt))
        .limit(1)
      return live ? tokens.tokenOf(live.id) : null
    },
  }
}

export type FreeOrdersService = ReturnType<typeof createFreeOrdersService>
