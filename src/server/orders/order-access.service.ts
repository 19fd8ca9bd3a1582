/**
 * Private order links: how a buyer without an account reaches what they paid for. A link is a
 * row naming one order; its token (order-access.ts) is the row's id with a MAC, so a link is
 * issued inside the transaction that needs it (the receipt's, "Find my order"'s), opened by its
 * token while the owner has not revoked it, and revoked by stamping it. "Find my order" emails
 * one message listing each paid order of an address with a fresh link.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { ORDER_ADMIN_MESSAGES } from '../../shared/contract/admin-orders.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { orderAccessPagePath } from '../../shared/contract/order-access.ts'
import { formatDate } from '../../shared/dates.ts'
import { isUuid } from '../../shared/ids.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer, OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'
import { AppError, notFound } from '../http/errors.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'
import type { OrderLinksService } from './order-links.service.ts'
import type { OrderWithItems } from './order-views.ts'
import { orderAccessLinks, orderItems, orders, PAID_ORDER_STATUSES } from './orders.schema.ts'

/** More paid orders than one email should list; the newest are sent. */
const FIND_ORDERS_LIMIT = 50

/** The order a live link opened, and the link (a download through it names it). */
export interface OpenedOrder {
  linkId: string
  order: OrderWithItems
}

export type LinksRevocation = { before: { liveLinks: number }; after: { liveLinks: number } }

export interface OrderAccessServiceDeps {
  db: Database
  /** Issues the links "Find my order" sends. */
  orderLinks: Pick<OrderLinksService, 'issueLinks'>
  /** Signs the links' tokens (AUTH_SECRET): every process of the store must share it. */
  authSecret: string
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  mailer: Mailer
  publicUrl: string
  /** The store's name as its owner set it, for the email's subject and signature. */
  settings: Pick<SettingsService, 'settings'>
}

export function createOrderAccessService({ db, orderLinks, authSecret, catalog, mailer, publicUrl, settings }: OrderAccessServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'order-access-link')
  const linkUrlOf = (linkId: string) => `${publicUrl}${orderAccessPagePath(tokens.tokenOf(linkId))}`

  /** The email listing each order with its link; an order of an account also says to sign in. */
  function orderLinksEmail(
    to: string,
    found: { id: string; userId: string | null; createdAt: Date; productIds: string[]; linkId: string }[],
    products: Map<string, { name: string }>,
    storeName: string,
  ): OutgoingEmail {
    const paragraphs = [
      found.length === 1
        ? 'You asked for the link to your order. It opens a private page where you can download your files:'
        : `You asked for the links to your orders. Each opens a private page where you can download that order's files:`,
      ...found.flatMap((order) => {
        const names = order.productIds.map((id) => products.get(id)?.name ?? 'Product').join(', ')
        return [
          `Order ${orderNumberOf(order.id)} of ${formatDate(order.createdAt)} (${names}): ${linkUrlOf(order.linkId)}`,
          ...(order.userId ? [`This order belongs to an account: sign in at ${publicUrl}/login to find it in your order history and Download Hub.`] : []),
        ]
      }),
      "These links are private: anyone who has one can download that order's files, so please don't share them.",
    ]
    const { text, html } = renderEmail({
      heading: found.length === 1 ? 'Your order link' : 'Your order links',
      paragraphs,
      footnote: `Didn't ask for this? You can ignore this email: nothing has changed. Questions? Visit ${publicUrl}/support.`,
      storeName,
    })
    return { to, subject: `Your ${storeName} order ${found.length === 1 ? 'link' : 'links'}`, text, html }
  }

  return {
    /** The order a token opens with its items; null for a malformed or altered token, an unknown link or a revoked one (never which). */
    async openOrder(token: string): Promise<OpenedOrder | null> {
      const linkId = tokens.idOf(token)
      if (!linkId) return null
      const link = await db.query.orderAccessLinks.findFirst({
        where: and(eq(orderAccessLinks.id, linkId), isNull(orderAccessLinks.revokedAt)),
        with: { order: { with: { items: { orderBy: [asc(orderItems.createdAt), asc(orderItems.id)] } } } },
      })
      return link ? { linkId: link.id, order: link.order } : null
    },

    /**
     * The owner revokes every live link of an order, in one transaction with its audit entry:
     * whoever holds an old link sees nothing from then on. A new link reaches only the order's
     * own address (a resent receipt, "Find my order").
     */
    async revokeLinks(orderId: string, revokedBy: string, audit: (tx: Executor, change: LinksRevocation) => Promise<void>): Promise<number> {
      if (!isUuid(orderId)) throw notFound(ORDER_ADMIN_MESSAGES.notFound)
      return db.transaction(async (tx) => {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
        if (!order) throw notFound(ORDER_ADMIN_MESSAGES.notFound)
        const revoked = await tx
          .update(orderAccessLinks)
          .set({ revokedAt: sql`now()`, revokedBy })
          .where(and(eq(orderAccessLinks.orderId, orderId), isNull(orderAccessLinks.revokedAt)))
          .returning({ id: orderAccessLinks.id })
        if (revoked.length === 0) throw new AppError(409, 'NO_LIVE_LINKS', ORDER_ADMIN_MESSAGES.noLiveLinks)
        await audit(tx, { before: { liveLinks: revoked.length }, after: { liveLinks: 0 } })
        return revoked.length
      })
    },

    /**
     * "Find my order": one email to the address listing each of its paid orders (compared
     * case-insensitively, newest first) with a fresh link; nothing for an address without any.
     * Answers how many orders were sent, which the caller must not tell the asker.
     */
    async emailOrderLinks(email: string): Promise<number> {
      const address = email.trim().toLowerCase()
      // Checkout stores addresses in lower case (the first index); older guest orders may not be (the second, on lower()).
      const paid = await db
        .select({ id: orders.id, userId: orders.userId, customerEmail: orders.customerEmail, createdAt: orders.createdAt })
        .from(orders)
        .where(
          and(
            or(eq(orders.customerEmail, address), and(isNull(orders.userId), sql`lower(${orders.customerEmail}) = ${address}`)),
            inArray(orders.status, [...PAID_ORDER_STATUSES]),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(FIND_ORDERS_LIMIT)
      if (paid.length === 0) return 0
      const items = await db
        .select({ orderId: orderItems.orderId, productId: orderItems.productId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            paid.map((order) => order.id),
          ),
        )
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      const products = await catalog.productSummariesByIds(items.map((item) => item.productId))
      await db.transaction(async (tx) => {
        // Fresh links, also for an account's orders: the asker asked for links, and each reaches only the order's own address.
        const linkOf = await orderLinks.issueLinks(
          tx,
          paid.map((order) => order.id),
        )
        const found = paid.map((order) => ({
          ...order,
          productIds: items.filter((item) => item.orderId === order.id).map((item) => item.productId),
          linkId: linkOf.get(order.id)!,
        }))
        const { storeName } = await settings.settings(tx)
        await mailer.enqueue(tx, orderLinksEmail(paid[0]!.customerEmail, found, products, storeName))
      })
      mailer.nudge()
      return paid.length
    },
  }
}

export type OrderAccessService = ReturnType<typeof createOrderAccessService>
