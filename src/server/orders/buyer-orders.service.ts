/**
 * Orders as their buyer sees them: the order history and the success page's lookup (another
 * user's order does not exist for the caller: the same 404 as an unknown id), the public
 * licence an order's code proves, what a buyer owns, and the counted downloads each bought item
 * grants. Product names and images come from the catalog, one batch per answer; order-views.ts
 * shapes what each reader sees.
 */
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES, type OrderStatusValue, type OrderView, type SessionOrder } from '../../shared/contract/checkout.ts'
import { LICENCE_MESSAGES, type Licence } from '../../shared/contract/licences.ts'
import { orderAccessPagePath } from '../../shared/contract/order-access.ts'
import { buyerTaxDocumentPdfPath } from '../../shared/contract/tax-documents.ts'
import { isUuid } from '../../shared/ids.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { notFound } from '../http/errors.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { BuyerScope, DownloadableItem, GrantedItemScope, PurchasedItem, SessionViewer } from './buyer-orders.types.ts'
import { claimHolds } from './checkout-claims.service.ts'
import type { PaidOrderFulfilment } from './fulfilment.types.ts'
import type { OrderTaxDocuments } from './order-dependents.types.ts'
import type { OrderLinksService } from './order-links.service.ts'
import { orderIdOfLicenceCode } from './licence.ts'
import { accessOf, DOWNLOADABLE_ORDER_STATUSES, licensedItemsOf, toLicence, toOrderView, toSessionOrder, type OrderWithItems } from './order-views.ts'
import { orderItems, orders, PAID_ORDER_STATUSES, type OrderStatus } from './orders.schema.ts'

const withItems = { items: { orderBy: [asc(orderItems.createdAt), asc(orderItems.id)] } }

/** The orders a scope covers, as a condition on `orders`. */
function ordersOf(scope: BuyerScope): SQL {
  return 'userId' in scope ? eq(orders.userId, scope.userId) : eq(orders.id, scope.orderId)
}

export interface BuyerOrdersServiceDeps {
  db: Database
  /** Signs licence codes (AUTH_SECRET): every process of the store must share it. */
  licenceSecret: string
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  /** The buyer's account name, for the licence of an order placed without a billing name. */
  accounts: Pick<ProfileService, 'displayName'>
  /** Read at call time: the provider is configured when the app is built. */
  payments: () => PaymentProvider
  /** Completes a paid session the success page finds still PENDING. */
  fulfilment: PaidOrderFulfilment
  /** The private link a paid guest order's success page lists its downloads through (none while revoked). */
  orderLinks: Pick<OrderLinksService, 'browserTokenOf'>
  /** The orders' invoices and credit notes, one query per answer. */
  taxDocuments: Pick<OrderTaxDocuments, 'documentsOfOrders'>
}

export function createBuyerOrdersService({ db, licenceSecret, catalog, accounts, payments, fulfilment, orderLinks, taxDocuments }: BuyerOrdersServiceDeps) {
  function findOrder(where: SQL | undefined): Promise<OrderWithItems | undefined> {
    return db.query.orders.findFirst({ where, with: withItems })
  }

  /**
   * The private page of a paid order shown on its success page to the browser that paid, when
   * that is not the order's own account (which has its Download Hub): a live link, a first one,
   * or none while the owner's revocation of its links stands. An unpaid order has nothing to download.
   */
  async function accessPathOf(order: OrderWithItems, viewerId: string | null): Promise<string | null> {
    if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) return null
    if (order.userId !== null && order.userId === viewerId) return null
    const token = await orderLinks.browserTokenOf(db, order.id)
    return token ? orderAccessPagePath(token) : null
  }

  const productsOf = (list: OrderWithItems[]) => catalog.productSummariesByIds(list.flatMap((order) => order.items.map((item) => item.productId)))
  const documentsOf = (list: OrderWithItems[]) =>
    taxDocuments.documentsOfOrders(
      list.map((order) => order.id),
      buyerTaxDocumentPdfPath,
    )

  return {
    async listOrders(userId: string, { status, limit, offset }: { status?: OrderStatusValue | undefined; limit: number; offset: number }) {
      const rows = await db.query.orders.findMany({
        where: and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined),
        with: withItems,
        orderBy: [desc(orders.createdAt), desc(orders.id)],
        limit: limit + 1,
        offset,
      })
      const page = rows.slice(0, limit)
      const [products, documents] = await Promise.all([productsOf(page), documentsOf(page)])
      return { data: page.map((order) => toOrderView(order, products, licenceSecret, documents.get(order.id))), hasMore: rows.length > limit }
    },

    async getOrder(userId: string, orderId: string): Promise<OrderView> {
      const order = isUuid(orderId) ? await findOrder(and(eq(orders.id, orderId), eq(orders.userId, userId))) : undefined
      if (!order) throw notFound(MESSAGES.orderNotFound)
      const [products, documents] = await Promise.all([productsOf([order]), documentsOf([order])])
      return toOrderView(order, products, licenceSecret, documents.get(order.id))
    },

    /** Whether the order is the user's own (its invoices are theirs to open); false for another's or an unknown id. */
    async ownsOrder(userId: string, orderId: string): Promise<boolean> {
      if (!isUuid(orderId)) return false
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      return order !== undefined
    },

    /**
     * The success page's lookup. The order shows to its own account and to the browser holding a
     * claim to it (checkout-claims.service.ts): the session id alone, which travels in addresses
     * and logs, shows nothing. A paid session not yet fulfilled (the webhook may still be on its
     * way) is fulfilled here, through the same idempotent step. An unknown id, another's order
     * or a claim that no longer holds answers the same 404 and nothing else.
     */
    async orderBySession(sessionId: string, viewer: SessionViewer): Promise<SessionOrder> {
      let order = await findOrder(eq(orders.paymentSessionId, sessionId))
      const ownAccount = order?.userId != null && order.userId === viewer.userId
      if (!order || !(ownAccount || (viewer.claimedOrderIds.has(order.id) && claimHolds(order)))) throw notFound(MESSAGES.orderNotFound)
      if (order.status === 'PENDING') {
        const session = await payments().retrieveCheckoutSession(sessionId)
        if (session?.paymentStatus === 'paid') {
          await fulfilment.fulfilCheckoutSession(session)
          order = (await findOrder(eq(orders.id, order.id)))!
        }
      }
      return toSessionOrder(order, await productsOf([order]), await accessPathOf(order, viewer.userId))
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
     * What the user paid for each of `productIds` they still hold (not refunded), summed over
     * their paid orders' items, in cents: an item a bundle granted counts 0 (its bundle was paid).
     */
    async paidForProducts(userId: string, productIds: readonly string[]): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map()
      const rows = await db
        .select({ productId: orderItems.productId, paidCents: sql<number>`sum(${orderItems.priceCents} * ${orderItems.quantity})`.mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, userId),
            inArray(orders.status, [...PAID_ORDER_STATUSES]),
            ne(orderItems.access, 'revoked'),
            inArray(orderItems.productId, [...productIds]),
          ),
        )
        .groupBy(orderItems.productId)
      return new Map(rows.map((row) => [row.productId, row.paidCents]))
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

    /** The items of the scope's paid orders, newest order first, refunded and disputed ones with their access. */
    async purchasedItemsOf(scope: BuyerScope): Promise<PurchasedItem[]> {
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
        .where(and(ordersOf(scope), inArray(orders.status, [...PAID_ORDER_STATUSES])))
        .orderBy(desc(orders.createdAt), desc(orders.id), desc(orderItems.createdAt), desc(orderItems.id))
      return rows.map(({ access, accessReason, accessChangedAt, ...item }) => ({ ...item, access: accessOf({ access, accessReason, accessChangedAt }) }))
    },

    /** The scope's order item with its order's state and its access; null when it is outside the scope or does not exist. */
    async downloadableItem(scope: BuyerScope | GrantedItemScope, orderItemId: string): Promise<DownloadableItem | null> {
      if (!isUuid(orderItemId)) return null
      const [item] = await db
        .select({
          productId: orderItems.productId,
          buyerId: orders.userId,
          downloadsRemaining: orderItems.downloadsRemaining,
          orderStatus: orders.status,
          access: orderItems.access,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(eq(orderItems.id, orderItemId), 'grantedItem' in scope ? undefined : ordersOf(scope)))
      if (!item) return null
      const { access, ...rest } = item
      return {
        ...rest,
        paid: (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(item.orderStatus),
        downloadable: (DOWNLOADABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(item.orderStatus) && access === 'active',
      }
    },

    /**
     * Spends one download of the scope's downloadable item, in one statement: concurrent
     * downloads (and a refund revoking the item) queue on the row lock and the guard re-reads
     * the row, so the count never goes below zero and a revoked item is never spent. Answers the
     * downloads left, or null when none was left (or the item is outside the scope or not downloadable).
     */
    async spendDownload(tx: Executor, scope: BuyerScope, orderItemId: string): Promise<number | null> {
      const [spent] = await tx
        .update(orderItems)
        .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} - 1` })
        .where(
          and(
            eq(orderItems.id, orderItemId),
            gt(orderItems.downloadsRemaining, 0),
            eq(orderItems.access, 'active'),
            sql`exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId} and ${ordersOf(scope)} and ${orders.status} in ('COMPLETED', 'PARTIALLY_REFUNDED'))`,
          ),
        )
        .returning({ downloadsRemaining: orderItems.downloadsRemaining })
      return spent?.downloadsRemaining ?? null
    },

    /**
     * When each of these buyers last started an order still awaiting payment or paid one (the
     * later of its creation and its payment); a buyer with neither is absent. A forgotten cart's
     * reminder asks it: an order since the cart's last change means they did not forget it.
     */
    async lastOrderActivityOf(userIds: readonly string[]): Promise<Map<string, Date>> {
      if (userIds.length === 0) return new Map()
      const rows = await db
        .select({
          userId: orders.userId,
          latest: sql<Date>`max(greatest(${orders.createdAt}, coalesce(${orders.completedAt}, ${orders.createdAt})))`.mapWith(orders.createdAt),
        })
        .from(orders)
        .where(and(inArray(orders.userId, [...userIds]), inArray(orders.status, ['PENDING', ...PAID_ORDER_STATUSES])))
        .groupBy(orders.userId)
      return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.latest] as const] : [])))
    },
  }
}

export type BuyerOrdersService = ReturnType<typeof createBuyerOrdersService>
