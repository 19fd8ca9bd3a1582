/**
 * What buyers get when the owner publishes a product's file version: called by the publishing
 * route and the owner CLI inside the transaction that makes the version live, so the extra
 * downloads and the queued emails commit with it or not at all. "Buyers with access" are the
 * distinct (lower-cased) emails of orders holding an item of the product that can still be
 * downloaded: a paid order not disputed, the item not refunded.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PublishFileVersionOptions } from '../../shared/contract/product-file-versions.ts'
import { isUuid } from '../../shared/ids.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { FileVersionAnnouncement } from '../catalog/file-versions.types.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { fileUpdateEmail } from './file-update-email.ts'
import type { OrderForLink, OrderLinksService } from './order-links.service.ts'
import { DOWNLOADABLE_ORDER_STATUSES } from './order-views.ts'
import { orderItems, orders } from './orders.schema.ts'

/**
 * The catalog's announcement of a version just made live, with what the owner chose to give its
 * buyers: `notifyBuyers`, one "update available" email per buyer with access (except to accounts
 * that turned them off); `extraDownload`, one more download for each item of the product that can
 * still be downloaded.
 */
type AnnouncedToBuyers = FileVersionAnnouncement & PublishFileVersionOptions

export interface FileVersionAnnounced {
  emailsQueued: number
  itemsGivenADownload: number
}

export interface FileUpdatesServiceDeps {
  db: Database
  accounts: Pick<ProfileService, 'productUpdateOptOuts'>
  /**
   * Addresses without an account that turned update emails off, and the link in each email that
   * does it (marketing's product-update-emails.service.ts). Declared here by its shape: marketing
   * names orders, and orders never import it back.
   */
  addresses: {
    optedOutAddresses(tx: Executor, emails: readonly string[]): Promise<Set<string>>
    unsubscribeUrl(email: string): string
  }
  mailer: Pick<Mailer, 'enqueue'>
  /** Where each email sends its buyer: an account's Download Hub, a guest's private order link. */
  orderLinks: Pick<OrderLinksService, 'downloadLinksFor'>
}

/** A buyer with access, by (lower-cased) email: the accounts that placed their orders, and the order their email links to. */
interface BuyerWithAccess {
  userIds: string[]
  /** An order of theirs holding the product: an account's when there is one (its Download Hub has them all), else their newest. */
  order: OrderForLink
}

const buyerEmail = sql<string>`lower(${orders.customerEmail})`

/** Items of the product that can still be downloaded. */
const withAccess = (productId: string) =>
  and(eq(orderItems.productId, productId), eq(orderItems.access, 'active'), inArray(orders.status, [...DOWNLOADABLE_ORDER_STATUSES]))

export function createFileUpdatesService({ db, accounts, addresses, mailer, orderLinks }: FileUpdatesServiceDeps) {
  /** Each buyer email with access (BuyerWithAccess), in one query. */
  async function buyersOf(tx: Executor, productId: string): Promise<Map<string, BuyerWithAccess>> {
    const rows = await tx
      .selectDistinct({ email: buyerEmail, userId: orders.userId, orderId: orders.id, createdAt: orders.createdAt })
      .from(orderItems)
      .innerJoin(orders, eq(orderItems.orderId, orders.id))
      .where(withAccess(productId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
    const buyers = new Map<string, BuyerWithAccess>()
    for (const { email, userId, orderId } of rows) {
      const buyer = buyers.get(email) ?? { userIds: [], order: { id: orderId, userId } }
      if (userId && !buyer.userIds.includes(userId)) buyer.userIds.push(userId)
      if (userId && buyer.order.userId === null) buyer.order = { id: orderId, userId }
      buyers.set(email, buyer)
    }
    return buyers
  }

  /** One more download for each item with access, in one statement (a concurrent download or refund queues on the row lock). */
  async function giveOneMoreDownload(tx: Executor, productId: string): Promise<number> {
    const given = await tx
      .update(orderItems)
      .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} + 1` })
      .where(
        and(
          eq(orderItems.productId, productId),
          eq(orderItems.access, 'active'),
          sql`exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId} and ${inArray(orders.status, [...DOWNLOADABLE_ORDER_STATUSES])})`,
        ),
      )
      .returning({ id: orderItems.id })
    return given.length
  }

  /**
   * Queues the email to each buyer with access, skipping an address whose account, or the
   * account that placed one of its orders, turned product update emails off (a guest without
   * an account gets it). Each buyer gets one email per version, however often it is published.
   */
  async function notifyBuyers(tx: Executor, announcement: FileVersionAnnouncement, extraDownload: boolean): Promise<number> {
    const buyers = await buyersOf(tx, announcement.productId)
    const optOuts = await accounts.productUpdateOptOuts(tx, {
      emails: [...buyers.keys()],
      userIds: [...new Set([...buyers.values()].flatMap((buyer) => buyer.userIds))],
    })
    const optedOutAddresses = await addresses.optedOutAddresses(tx, [...buyers.keys()])
    const reached = [...buyers].filter(
      ([email, { userIds }]) => !optOuts.emails.has(email) && !optedOutAddresses.has(email) && !userIds.some((id) => optOuts.userIds.has(id)),
    )
    const links = await orderLinks.downloadLinksFor(
      tx,
      reached.map(([, buyer]) => buyer.order),
    )
    let queued = 0
    for (const [email, { order }] of reached) {
      const message = fileUpdateEmail({
        to: email,
        productName: announcement.productName,
        version: announcement.version,
        extraDownload,
        downloadLink: links.get(order.id)!,
        unsubscribeUrl: addresses.unsubscribeUrl(email),
      })
      const dedupeKey = `file-version:${announcement.productId}:${announcement.version.number}:${email}`
      if (await mailer.enqueue(tx, message, { dedupeKey })) queued += 1
    }
    return queued
  }

  return {
    /** How many buyers (distinct emails) can still download the product: who a newly published version reaches. */
    async buyersWithAccess(productId: string): Promise<number> {
      if (!isUuid(productId)) return 0
      const [row] = await db
        .select({ count: sql<number>`count(distinct ${buyerEmail})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(withAccess(productId))
      return row?.count ?? 0
    },

    /**
     * Gives the extra downloads and queues the emails of a version just made live, in the
     * caller's transaction. The outbox worker picks the emails up once it commits.
     */
    async announceFileVersion(tx: Executor, announcement: AnnouncedToBuyers): Promise<FileVersionAnnounced> {
      const itemsGivenADownload = announcement.extraDownload ? await giveOneMoreDownload(tx, announcement.productId) : 0
      const emailsQueued = announcement.notifyBuyers ? await notifyBuyers(tx, announcement, announcement.extraDownload) : 0
      return { emailsQueued, itemsGivenADownload }
    },
  }
}

export type FileUpdatesService = ReturnType<typeof createFileUpdatesService>
