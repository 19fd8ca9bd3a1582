/**
 * Order reads: the signed-in user's orders (newest first, items and product names in one
 * query), one of them by id, and the order behind a payment session for the success page.
 * Another user's order does not exist for the caller: same 404 as an unknown id.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES, orderNumberOf, type OrderStatusValue, type OrderView, type SessionOrder } from '../../shared/contract/checkout.ts'
import type { Fulfilment } from '../checkout/fulfil-order.ts'
import type { Database } from '../db/client.ts'
import { orderItems, orders, type OrderItemRow, type OrderRow, type ProductRow } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import type { PaymentProvider } from '../payments/provider.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type OrderWithItems = OrderRow & { items: Array<OrderItemRow & { product: Pick<ProductRow, 'name' | 'imageUrl'> }> }

const withItems = {
  items: {
    with: { product: { columns: { name: true, imageUrl: true } as const } },
    orderBy: [asc(orderItems.createdAt), asc(orderItems.id)],
  },
}

function toOrderView(order: OrderWithItems): OrderView {
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
    currency: order.currency,
    promoCode: order.promoCode,
    cardLast4: order.cardLast4,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.product.name,
      imageUrl: item.product.imageUrl,
      quantity: item.quantity,
      priceCents: item.priceCents,
      downloadLimit: item.downloadLimit,
      downloadsRemaining: item.downloadsRemaining,
    })),
  }
}

function toSessionOrder(order: OrderWithItems): SessionOrder {
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    totalCents: order.totalAmountCents,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    currency: order.currency,
    promoCode: order.promoCode,
    email: order.customerEmail,
    cardLast4: order.cardLast4,
    createdAt: order.createdAt.toISOString(),
    items: order.items.map((item) => ({ name: item.product.name, quantity: item.quantity, priceCents: item.priceCents })),
  }
}

export interface OrdersServiceDeps {
  db: Database
  fulfilment: Fulfilment
  payments: () => PaymentProvider
}

export function createOrdersService({ db, fulfilment, payments }: OrdersServiceDeps) {
  function findOrder(where: SQL | undefined): Promise<OrderWithItems | undefined> {
    return db.query.orders.findFirst({ where, with: withItems }) as Promise<OrderWithItems | undefined>
  }

  return {
    async listOrders(userId: string, { status, limit, offset }: { status?: OrderStatusValue | undefined; limit: number; offset: number }) {
      const rows = (await db.query.orders.findMany({
        where: and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined),
        with: withItems,
        orderBy: [desc(orders.createdAt), desc(orders.id)],
        limit: limit + 1,
        offset,
      })) as OrderWithItems[]
      return { data: rows.slice(0, limit).map(toOrderView), hasMore: rows.length > limit }
    },

    async getOrder(userId: string, orderId: string): Promise<OrderView> {
      const order = UUID.test(orderId) ? await findOrder(and(eq(orders.id, orderId), eq(orders.userId, userId))) : undefined
      if (!order) throw notFound(MESSAGES.orderNotFound)
      return toOrderView(order)
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
      } else if (order.status === 'COMPLETED' && !order.receiptSentAt) {
        await fulfilment.sendReceiptOnce(order.id)
      }
      return toSessionOrder(order)
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
