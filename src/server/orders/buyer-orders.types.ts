/**
 * What a buyer's lookups are scoped to and what they answer, named by the capabilities that
 * read bought items (downloads, purchases) and by buyer-orders.service.ts.
 */
import type { ItemAccessView } from '../../shared/contract/downloads.ts'
import type { OrderStatus } from './orders.schema.ts'

/**
 * Whose bought items a lookup may see: a signed-in buyer's (every order of theirs), or one
 * order's (the order a private order link opened, whoever holds the link).
 */
export type BuyerScope = { userId: string } | { orderId: string }

/** Who asks for the order behind a payment session: their account, and the checkouts their browser holds a claim to. */
export interface SessionViewer {
  userId: string | null
  claimedOrderIds: ReadonlySet<string>
}

/** What the signed URL of a download grant may see: the item the grant names, whoever's it is (the grant was scoped when it was made). */
export type GrantedItemScope = { grantedItem: true }

/** An item a buyer may download from: its product, its order's state, its access and the downloads left. */
export interface DownloadableItem {
  productId: string
  /** The order's account (null for a guest order): whose download log a download joins. */
  buyerId: string | null
  orderStatus: OrderStatus
  /** Whether the order was paid (whatever happened since). */
  paid: boolean
  /** Downloads work: the order is paid, not disputed, and the item was not refunded. */
  downloadable: boolean
  downloadsRemaining: number
}

/** A bought item of a COMPLETED order, newest order first. */
export interface PurchasedItem {
  id: string
  orderId: string
  productId: string
  quantity: number
  downloadsRemaining: number
  /** The product's download limit at purchase, per unit. */
  downloadLimit: number
  orderCreatedAt: Date
  access: ItemAccessView
}
