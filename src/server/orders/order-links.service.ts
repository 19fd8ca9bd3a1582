/**
 * Which private link an order's buyer is given, and where: one place for every email and page
 * that hands out an order's private path. A link is a row naming one order (order_access_links);
 * its token is the row's id with a MAC (signed-tokens.ts). The owner revokes links by stamping
 * them (order-access.service.ts). While that revocation stands, a page reached by an address
 * anyone may hold (the success page, a free product's confirmation page) shows no link, and an
 * email to the order's own address (receipt, "Find my order", update, serial) carries a new one.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { DOWNLOAD_HUB_PATH, orderAccessPagePath, type DownloadLink } from '../../shared/contract/order-access.ts'
import type { Executor } from '../db/client.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'
import { orderAccessLinks } from './orders.schema.ts'

/** What an email needs of an order to send its buyer to the files. */
export interface OrderForLink {
  id: string
  /** The order's account; null for a guest's order. */
  userId: string | null
}

export interface OrderLinksServiceDeps {
  /** Signs the links' tokens (AUTH_SECRET): every process of the store must share it. */
  authSecret: string
  /** The store's public origin, which emailed links open. */
  publicUrl: string
}

export function createOrderLinksService({ authSecret, publicUrl }: OrderLinksServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'order-access-link')

  /**
   * Each order's newest link that the owner has not revoked, by order id, in one query; an
   * order whose links were all revoked, or that has none, is absent.
   */
  async function liveLinksOf(tx: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map()
    const rows = await tx
      .select({ id: orderAccessLinks.id, orderId: orderAccessLinks.orderId })
      .from(orderAccessLinks)
      .where(and(inArray(orderAccessLinks.orderId, [...orderIds]), isNull(orderAccessLinks.revokedAt)))
      .orderBy(desc(orderAccessLinks.createdAt), desc(orderAccessLinks.id))
    const newest = new Map<string, string>()
    for (const row of rows) if (!newest.has(row.orderId)) newest.set(row.orderId, row.id)
    return newest
  }

  /** New links to these orders in the caller's transaction, one statement; answers each order's link id. */
  async function issueLinks(tx: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map()
    const links = await tx
      .insert(orderAccessLinks)
      .values(orderIds.map((orderId) => ({ orderId })))
      .returning({ id: orderAccessLinks.id, orderId: orderAccessLinks.orderId })
    return new Map(links.map((link) => [link.orderId, link.id]))
  }

  /**
   * The link ids an email to each order's own address carries: the newest live link, or a new
   * one. A new link may follow the owner's revocation because it reaches only the address the
   * order was placed with, which is how a buyer whose old link leaked gets their files again.
   */
  async function emailLinksOf(tx: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
    const live = await liveLinksOf(tx, orderIds)
    const issued = await issueLinks(
      tx,
      [...new Set(orderIds)].filter((id) => !live.has(id)),
    )
    return new Map([...live, ...issued])
  }

  /**
   * The token a browser is shown for an order (the success page, a free product's confirmation
   * page): the newest live link, a first one for an order that never had one, and null while
   * the owner's revocation stands: a page reached by an address anyone may hold (a payment
   * session's, an emailed confirmation's) never brings back what the owner revoked.
   */
  async function browserTokenOf(tx: Executor, orderId: string): Promise<string | null> {
    const live = (await liveLinksOf(tx, [orderId])).get(orderId)
    if (live) return tokens.tokenOf(live)
    const [revoked] = await tx.select({ id: orderAccessLinks.id }).from(orderAccessLinks).where(eq(orderAccessLinks.orderId, orderId)).limit(1)
    if (revoked) return null
    return tokens.tokenOf((await issueLinks(tx, [orderId])).get(orderId)!)
  }

  /**
   * Where each order's emails send its buyer for the files, by order id: an account's order to
   * its Download Hub, a guest's to its private page (emailLinksOf), in two statements whatever
   * the number of orders.
   */
  async function downloadLinksFor(tx: Executor, list: readonly OrderForLink[]): Promise<Map<string, DownloadLink>> {
    const guestOrders = list.filter((order) => order.userId === null).map((order) => order.id)
    const links = await emailLinksOf(tx, guestOrders)
    return new Map(
      list.map((order): [string, DownloadLink] => {
        const linkId = links.get(order.id)
        if (order.userId !== null || !linkId) return [order.id, { kind: 'hub', url: `${publicUrl}${DOWNLOAD_HUB_PATH}` }]
        const token = tokens.tokenOf(linkId)
        return [order.id, { kind: 'private', token, url: `${publicUrl}${orderAccessPagePath(token)}` }]
      }),
    )
  }

  return {
    issueLinks,
    browserTokenOf,
    downloadLinksFor,

    /** Where an email about the order sends its buyer for the files (downloadLinksFor). */
    async downloadLinkFor(tx: Executor, order: OrderForLink): Promise<DownloadLink> {
      return (await downloadLinksFor(tx, [order])).get(order.id)!
    },
  }
}

export type OrderLinksService = ReturnType<typeof createOrderLinksService>
