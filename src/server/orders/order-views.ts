/**
 * How orders read to the people who see them: a buyer's order history, the payment success
 * page, a private order link's page, the public licence (never an email), and what access each
 * bought item has left.
 */
import type { ProductSummary } from '../catalog/catalog.types.ts'
import { orderNumberOf, type OrderView, type SessionOrder } from '../../shared/contract/checkout.ts'
import type { ItemAccessView, Purchase } from '../../shared/contract/downloads.ts'
import type { AdminOrder } from '../../shared/contract/admin-orders.ts'
import { LICENCE_TERMS, licencePagePath, licencePdfPath, type Licence } from '../../shared/contract/licences.ts'
import type { GuestOrder } from '../../shared/contract/order-access.ts'
import type { TaxDocumentLink } from '../../shared/contract/tax-documents.ts'
import { licenceCodeOf } from './licence.ts'
import type { OrderDisputeRow, OrderItemRow, OrderRefundRow, OrderRow, OrderStatus } from './orders.schema.ts'

export type OrderWithItems = OrderRow & { items: OrderItemRow[] }

/** Order states whose items may be downloaded (each item still needs its own access to be active). */
export const DOWNLOADABLE_ORDER_STATUSES = ['COMPLETED', 'PARTIALLY_REFUNDED'] as const satisfies readonly OrderStatus[]

/** A paid order that is not disputed, with a payment to refund against. */
export function isRefundableOrder(order: Pick<OrderRow, 'status' | 'paymentIntentId'>): boolean {
  return (DOWNLOADABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status) && order.paymentIntentId !== null
}

/** The items the owner may still refund: the order's own lines not yet revoked (an item a bundle granted goes with its bundle), of a refundable order. */
export function refundableItemIds(
  order: Pick<OrderRow, 'status' | 'paymentIntentId'> & { items: Pick<OrderItemRow, 'id' | 'access' | 'parentItemId'>[] },
): Set<string> {
  return new Set(isRefundableOrder(order) ? order.items.filter((item) => item.access !== 'revoked' && item.parentItemId === null).map((item) => item.id) : [])
}

/** For an item a bundle granted, the bundle's name (its money is on the bundle's line); undefined for an item bought on its own. */
export function bundleNameOf(
  item: Pick<OrderItemRow, 'parentItemId'>,
  items: readonly Pick<OrderItemRow, 'id' | 'productId'>[],
  products: ReadonlyMap<string, Pick<ProductSummary, 'name'>>,
): string | undefined {
  if (item.parentItemId === null) return undefined
  const bundle = items.find((line) => line.id === item.parentItemId)
  return (bundle && products.get(bundle.productId)?.name) ?? 'a bundle'
}

export function accessOf(item: Pick<OrderItemRow, 'access' | 'accessReason' | 'accessChangedAt'>): ItemAccessView {
  return { state: item.access, reason: item.accessReason, since: item.accessChangedAt?.toISOString() ?? null }
}

/** Whether a paid order still licenses anything: not disputed, and some item not refunded. */
export function licensedItemsOf(order: OrderWithItems): OrderItemRow[] {
  if (!(DOWNLOADABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) return []
  return order.items.filter((item) => item.access === 'active')
}

export function toOrderView(order: OrderWithItems, products: Map<string, ProductSummary>, licenceSecret: string, documents: TaxDocumentLink[] = []): OrderView {
  return {
    id: order.id,
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    checkoutType: order.checkoutType,
    customerEmail: order.customerEmail,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalAmountCents: order.totalAmountCents,
    refundedCents: order.refundedCents,
    currency: order.currency,
    promoCode: order.promoCode,
    cardLast4: order.cardLast4,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    licenceCode: licensedItemsOf(order).length > 0 ? licenceCodeOf(order.id, licenceSecret) : null,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: products.get(item.productId)?.name ?? 'Product',
      imageUrl: products.get(item.productId)?.imageUrl ?? null,
      quantity: item.quantity,
      priceCents: item.priceCents,
      downloadLimit: item.downloadLimit,
      downloadsRemaining: item.downloadsRemaining,
      access: accessOf(item),
      fileVersion: products.get(item.productId)?.fileVersion ?? null,
      ...(item.parentItemId !== null ? { includedIn: bundleNameOf(item, order.items, products) } : {}),
    })),
    documents,
  }
}

/** `accessPath`: the private page of a paid guest order, which the success page lists the downloads of. */
export function toSessionOrder(order: OrderWithItems, products: Map<string, ProductSummary>, accessPath: string | null = null): SessionOrder {
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    totalCents: order.totalAmountCents,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    // An order taxed by country names its tax line; the flat estimate's keeps the spec's name.
    ...(order.taxDetails && order.taxDetails.mode !== 'flat' ? { taxLabel: order.taxDetails.label, taxIncluded: order.taxDetails.pricesIncludeTax } : {}),
    currency: order.currency,
    promoCode: order.promoCode,
    email: order.customerEmail,
    cardLast4: order.cardLast4,
    createdAt: order.createdAt.toISOString(),
    // Money lines only: the items a bundle granted are paid on the bundle's line.
    items: order.items
      .filter((item) => item.parentItemId === null)
      .map((item) => ({ name: products.get(item.productId)?.name ?? 'Product', quantity: item.quantity, priceCents: item.priceCents })),
    accessPath,
  }
}

/** A paid order as its private link shows it: the totals, the licence while something is licensed, and its items as the hub lists them. */
export function toGuestOrder(order: OrderWithItems, items: Purchase[], licenceSecret: string, documents: TaxDocumentLink[] = []): GuestOrder {
  const code = licensedItemsOf(order).length > 0 ? licenceCodeOf(order.id, licenceSecret) : null
  return {
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    customerEmail: order.customerEmail,
    belongsToAccount: order.userId !== null,
    createdAt: order.createdAt.toISOString(),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalAmountCents: order.totalAmountCents,
    refundedCents: order.refundedCents,
    promoCode: order.promoCode,
    licence: code ? { pagePath: licencePagePath(code), pdfPath: licencePdfPath(code) } : null,
    items,
    documents,
  }
}

/** Who a licence names: the billing name given at checkout, else the account's name, else a neutral title (never the email). */
function licenseeOf(order: OrderRow, accountName: string | null): string {
  const billingName = [order.billingDetails?.firstName, order.billingDetails?.lastName].filter(Boolean).join(' ').trim()
  return billingName || accountName || 'Verified Audio Lab Store customer'
}

export function toLicence(order: OrderWithItems, products: Map<string, ProductSummary>, licenceSecret: string, accountName: string | null): Licence {
  return {
    code: licenceCodeOf(order.id, licenceSecret),
    orderNumber: orderNumberOf(order.id),
    licensee: licenseeOf(order, accountName),
    issuedAt: (order.completedAt ?? order.createdAt).toISOString(),
    products: licensedItemsOf(order).map((item) => ({ name: products.get(item.productId)?.name ?? 'Product', quantity: item.quantity })),
    terms: [...LICENCE_TERMS],
  }
}

/** A refund as the owner's console shows it (an order's page, a customer's page). */
export function refundViewOf(refund: OrderRefundRow): AdminOrder['refunds'][number] {
  return { id: refund.id, amountCents: refund.amountCents, status: refund.status, reason: refund.reason, createdAt: refund.createdAt.toISOString() }
}

/** A dispute as the owner's console shows it. */
export function disputeViewOf(dispute: OrderDisputeRow): AdminOrder['disputes'][number] {
  return {
    id: dispute.id,
    amountCents: dispute.amountCents,
    status: dispute.status,
    reason: dispute.reason,
    openedAt: dispute.openedAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
  }
}
