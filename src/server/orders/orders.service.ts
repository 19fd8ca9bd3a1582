/**
 * Orders: the buyer's order history and the success page's lookup (another user's order does
 * not exist for the caller: the same 404 as an unknown id), what a buyer owns, the counted
 * downloads each bought item grants, and, through pending-orders.ts, fulfilment.ts and
 * after-sale.ts, the life of an order from PENDING to paid or ended, then refunded or disputed;
 * file-updates.ts tells buyers of a product's new file version.
 * Product names and images come from the catalog, one batch per answer; order-views.ts shapes
 * what each reader sees.
 */
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES, type OrderStatusValue, type OrderView, type SessionOrder } from '../../shared/contract/checkout.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { CheckoutLineItem, PaymentProvider } from '../payments/provider.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { ItemAccessView } from '../../shared/contract/downloads.ts'
import { LICENCE_MESSAGES, type Licence } from '../../shared/contract/licences.ts'
import { createAfterSale } from './after-sale.ts'
import { createFulfilment } from './fulfilment.ts'
import { createFileUpdates } from './file-updates.ts'
import { createOrderAdmin } from './order-admin.ts'
import { createOrderReports } from './order-reports.ts'
import { accessOf, DOWNLOADABLE_ORDER_STATUSES, licensedItemsOf, toLicence, toOrderView, toSessionOrder, type OrderWithItems } from './order-views.ts'
import { orderIdOfLicenceCode } from './licence.ts'
import { orderItems, orders, PAID_ORDER_STATUSES, type OrderRow, type OrderStatus } from './orders.schema.ts'
import { createPendingOrders } from './pending-orders.ts'

export type { Buyer } from './pending-orders.ts'
export { buyerKey, buyerOf } from './pending-orders.ts'
export { toAdminOrderView } from './order-admin.ts'
export type { FulfilResult } from './fulfilment.ts'
export type { BillingDetails, CheckoutType, OrderRow, OrderStatus } from './orders.schema.ts'

export const RECEIPT_MESSAGES = {
  notPaid: 'This order was not paid, so it has no receipt',
  tooMany: 'Too many receipt requests for this order. Please try again later.',
  failed: 'Failed to send the receipt',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const withItems = { items: { orderBy: [asc(orderItems.createdAt), asc(orderItems.id)] } }

/** An item a buyer may download from: its product, its order's state, its access and the downloads left. */
export interface DownloadableItem {
  productId: string
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

export interface OrdersServiceDeps {
  db: Database
  /** Signs licence codes (AUTH_SECRET): every process of the store must share it. */
  licenceSecret: string
  catalog: Pick<CatalogService, 'productSummariesByIds'>
  /** The buyer's account name, for the licence of an order placed without a billing name. */
  accounts: Pick<ProfileService, 'displayName' | 'productUpdateOptOuts'>
  cart: Pick<CartService, 'removeProducts'>
  promo: Pick<PromoService, 'redeem' | 'release'>
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
  /** Read at call time: the provider is configured when the app is built. */
  payments: () => PaymentProvider
}

export function createOrdersService({ db, licenceSecret, catalog, accounts, cart, promo, mailer, publicUrl, log, payments }: OrdersServiceDeps) {
  const pendingOrders = createPendingOrders(db, promo)
  const afterSale = createAfterSale({ db, log, payments, catalog })
  const fulfilment = createFulfilment({ db, licenceSecret, catalog, cart, promo, pendingOrders, mailer, publicUrl, log, payments, afterSale })

  function findOrder(where: SQL | undefined): Promise<OrderWithItems | undefined> {
    return db.query.orders.findFirst({ where, with: withItems })
  }

  const productsOf = (list: OrderWithItems[]) => catalog.productSummariesByIds(list.flatMap((order) => order.items.map((item) => item.productId)))

  return {
    ...pendingOrders,
    ...fulfilment,
    ...createOrderReports(db),
    ...createOrderAdmin(db),
    ...createFileUpdates({ db, accounts, mailer, publicUrl }),
    syncRefunds: afterSale.syncRefunds,
    recordDispute: afterSale.recordDispute,
    refundOrder: afterSale.refundOrder,

    async listOrders(userId: string, { status, limit, offset }: { status?: OrderStatusValue | undefined; limit: number; offset: number }) {
      const rows = await db.query.orders.findMany({
        where: and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined),
        with: withItems,
        orderBy: [desc(orders.createdAt), desc(orders.id)],
        limit: limit + 1,
        offset,
      })
      const page = rows.slice(0, limit)
      const products = await productsOf(page)
      return { data: page.map((order) => toOrderView(order, products, licenceSecret)), hasMore: rows.length > limit }
    },

    async getOrder(userId: string, orderId: string): Promise<OrderView> {
      const order = UUID.test(orderId) ? await findOrder(and(eq(orders.id, orderId), eq(orders.userId, userId))) : undefined
      if (!order) throw notFound(MESSAGES.orderNotFound)
      return toOrderView(order, await productsOf([order]), licenceSecret)
    },

    /**
     * The success page's lookup. A paid session not yet fulfilled (the webhook may still be on
     * its way) is fulfilled here, through the same idempotent step. An unknown id, or another
     * user's order, answers the same 404 and nothing else.
     */
    async orderBySession(sessionId: string, viewerId: string | null): Promise<SessionOrder> {
      let order = await findOrder(eq(orders.paymentSessionId, sessionId))
      if (!order || (order.userId !== null && order.userId !== viewerId)) throw notFound(MESSAGES.orderNotFound)
      if (order.status === 'PENDING') {
        const session = await payments().retrieveCheckoutSession(sessionId)
        if (session?.paymentStatus === 'paid') {
          await fulfilment.fulfilCheckoutSession(session)
          order = (await findOrder(eq(orders.id, order.id)))!
        }
      }
      return toSessionOrder(order, await productsOf([order]))
    },

    /** The licence a code names, for the items still licensed (not refunded, not disputed); 404 for any other code (never which part was wrong). */
    async licenceByCode(code: string): Promise<Licence> {
      const orderId = orderIdOfLicenceCode(code, licenceSecret)
      const order = orderId ? await findOrder(eq(orders.id, orderId)) : undefined
      if (!order || licensedItemsOf(order).length === 0) throw notFound(LICENCE_MESSAGES.notFound)
      const accountName = order.userId ? await accounts.displayName(order.userId) : null
      return toLicence(order, await productsOf([order]), licenceSecret, accountName)
    },

    /**
     * Queues the receipt of the buyer's own paid order again. Another user's order, or an
     * unknown id, is the same 404; an order never paid has no receipt.
     */
    async resendReceipt(userId: string, orderId: string): Promise<{ email: string }> {
      const order = UUID.test(orderId) ? await findOrder(and(eq(orders.id, orderId), eq(orders.userId, userId))) : undefined
      if (!order) throw notFound(MESSAGES.orderNotFound)
      if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw new AppError(409, 'ORDER_NOT_PAID', RECEIPT_MESSAGES.notPaid)
      await fulfilment.resendReceipt(order)
      return { email: order.customerEmail }
    },

    /** The owner queues any paid order's receipt again, to the email the order was placed with. */
    async resendReceiptForOwner(orderId: string): Promise<{ email: string }> {
      const order = UUID.test(orderId) ? await findOrder(eq(orders.id, orderId)) : undefined
      if (!order) throw notFound(MESSAGES.orderNotFound)
      if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw new AppError(409, 'ORDER_NOT_PAID', RECEIPT_MESSAGES.notPaid)
      await fulfilment.resendReceipt(order)
      return { email: order.customerEmail }
    },

    /** The signed-in user's own order, or null (another user's order does not exist for them). */
    async findOwnOrder(userId: string, orderId: string): Promise<OrderRow | null> {
      if (!UUID.test(orderId)) return null
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      return order ?? null
    },

    /** An order's lines as a payment session lists them: product name, unit price paid, quantity. */
    async paymentLinesOf(orderId: string): Promise<CheckoutLineItem[]> {
      const [order] = await db.query.orders.findMany({ where: eq(orders.id, orderId), with: withItems })
      if (!order) return []
      const products = await productsOf([order])
      return order.items.map((item) => ({ productId: item.productId, name: products.get(item.productId)?.name ?? 'Product', unitAmountCents: item.priceCents, quantity: item.quantity }))
    },

    /** Which products the user bought and still holds, refunds aside (all of them, or those among `productIds`). */
    async ownedProductIds(userId: string, productIds?: readonly string[]): Promise<string[]> {
      if (productIds?.length === 0) return []
      const rows = await db
        .selectDistinct({ productId: orderItems.productId })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, userId),
            inArray(orders.status, [...PAID_ORDER_STATUSES]),
            ne(orderItems.access, 'revoked'),
            productIds ? inArray(orderItems.productId, [...productIds]) : undefined,
          ),
        )
        .orderBy(orderItems.productId)
      return rows.map((row) => row.productId)
    },

    /** The items of the user's paid orders, newest order first, refunded and disputed ones with their access. */
    async purchasedItemsOf(userId: string): Promise<PurchasedItem[]> {
      const rows = await db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          quantity: orderItems.quantity,
          downloadsRemaining: orderItems.downloadsRemaining,
          downloadLimit: orderItems.downloadLimit,
          orderCreatedAt: orders.createdAt,
          access: orderItems.access,
          accessReason: orderItems.accessReason,
          accessChangedAt: orderItems.accessChangedAt,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(eq(orders.userId, userId), inArray(orders.status, [...PAID_ORDER_STATUSES])))
        .orderBy(desc(orders.createdAt), desc(orders.id), desc(orderItems.createdAt), desc(orderItems.id))
      return rows.map(({ access, accessReason, accessChangedAt, ...item }) => ({ ...item, access: accessOf({ access, accessReason, accessChangedAt }) }))
    },

    /** The user's order item with its order's state and its access; null when it is not theirs or does not exist. */
    async downloadableItem(userId: string, orderItemId: string): Promise<DownloadableItem | null> {
      if (!UUID.test(orderItemId)) return null
      const [item] = await db
        .select({ productId: orderItems.productId, downloadsRemaining: orderItems.downloadsRemaining, orderStatus: orders.status, access: orderItems.access })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)))
      if (!item) return null
      const { access, ...rest } = item
      return {
        ...rest,
        paid: (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(item.orderStatus),
        downloadable: (DOWNLOADABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(item.orderStatus) && access === 'active',
      }
    },

    /**
     * Spends one download of the user's downloadable item, in one statement: concurrent
     * downloads (and a refund revoking the item) queue on the row lock and the guard re-reads
     * the row, so the count never goes below zero and a revoked item is never spent. Answers the
     * downloads left, or null when none was left (or the item is not theirs or not downloadable).
     */
    async spendDownload(tx: Executor, userId: string, orderItemId: string): Promise<number | null> {
      const [spent] = await tx
        .update(orderItems)
        .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} - 1` })
        .where(
          and(
            eq(orderItems.id, orderItemId),
            gt(orderItems.downloadsRemaining, 0),
            eq(orderItems.access, 'active'),
            sql`exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId} and ${orders.userId} = ${userId} and ${orders.status} in ('COMPLETED', 'PARTIALLY_REFUNDED'))`,
          ),
        )
        .returning({ downloadsRemaining: orderItems.downloadsRemaining })
      return spent?.downloadsRemaining ?? null
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
