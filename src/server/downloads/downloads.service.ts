/**
 * Counted downloads: the user's download log, creating a grant (ownership, a paid order, an
 * item not refunded nor disputed, and a download left, spent by one atomic statement together
 * with the log row) and resolving
 * a grant back to the file it may fetch. A grant is asked for by a signed-in buyer (the Download
 * Hub) or through a private order link (one order's items); any other order item does not exist
 * for the caller.
 */
import { extname } from 'node:path'
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { DOWNLOAD_ERROR_CODES as CODES, DOWNLOAD_SERVER_MESSAGES as MESSAGES, type DownloadLogEntry } from '../../shared/contract/downloads.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, badRequest, notFound } from '../http/errors.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { BuyerScope } from '../orders/buyer-orders.types.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { StorageKeyError } from '../storage/file-storage.ts'
import { downloads } from './downloads.schema.ts'

export { createDownloadLinkSigner } from './download-links.ts'

export const noDownloadsRemaining = () => badRequest(MESSAGES.noDownloadsRemaining, CODES.noDownloadsRemaining)
export const accessDenied = () => new AppError(403, CODES.accessDenied, MESSAGES.accessDenied)
export const fileMissing = () => new AppError(404, 'FILE_NOT_FOUND', MESSAGES.fileMissing)

export interface GrantRequest {
  /** Whose items the grant may name: the signed-in buyer's, or the order a private order link opened. */
  scope: BuyerScope
  /** The private order link the download is asked through, logged with it (null from the Download Hub). */
  accessLinkId?: string | null
  orderItemId: string
  productId: string
  ipAddress: string | null
  userAgent: string | null
}

export interface Grant {
  id: string
  downloadsRemaining: number
}

/** The file a grant may fetch. */
export interface GrantedFile {
  storageKey: string
  /** The name the browser saves it as: the product's name with the stored file's extension. */
  fileName: string
}

/**
 * The downloads a guest made of these order items become the account's, in the caller's
 * transaction (the one that gives the account the items' orders): its download log then shows
 * them. Downloads already an account's stay as they are. Answers how many changed.
 */
export async function assignGuestDownloads(tx: Executor, orderItemIds: readonly string[], userId: string): Promise<number> {
  if (orderItemIds.length === 0) return 0
  const assigned = await tx
    .update(downloads)
    .set({ userId })
    .where(and(inArray(downloads.orderItemId, [...orderItemIds]), isNull(downloads.userId)))
    .returning({ id: downloads.id })
  return assigned.length
}

export interface DownloadsServiceDeps {
  db: Database
  orders: Pick<BuyerOrdersService, 'downloadableItem' | 'spendDownload'>
  catalog: Pick<CatalogReadsService, 'productSummariesByIds' | 'productFile'>
  storage: FileStorage
  log?: { error: (object: object, message: string) => void }
}

export function createDownloadsService({ db, orders, catalog, storage, log }: DownloadsServiceDeps) {
  /** Whether the stored file is there, so a download is never spent on a file that cannot be sent. */
  async function assertFileExists(storageKey: string): Promise<void> {
    try {
      if (await storage.stat(storageKey)) return
    } catch (error) {
      if (!(error instanceof StorageKeyError)) throw error
    }
    log?.error({ storageKey }, 'product file missing from storage')
    throw fileMissing()
  }

  return {
    async listDownloads(userId: string, { limit, offset }: { limit: number; offset: number }): Promise<{ data: DownloadLogEntry[]; hasMore: boolean }> {
      const rows = await db
        .select({
          id: downloads.id,
          productId: downloads.productId,
          orderItemId: downloads.orderItemId,
          createdAt: downloads.createdAt,
          ipAddress: downloads.ipAddress,
        })
        .from(downloads)
        .where(eq(downloads.userId, userId))
        .orderBy(desc(downloads.createdAt), desc(downloads.id))
        .limit(limit + 1)
        .offset(offset)
      const page = rows.slice(0, limit)
      const products = await catalog.productSummariesByIds(page.map((row) => row.productId))
      return {
        data: page.map(({ createdAt, ...row }) => ({
          ...row,
          createdAt: createdAt.toISOString(),
          product: { name: products.get(row.productId)?.name ?? 'Product' },
        })),
        hasMore: rows.length > limit,
      }
    },

    /** Downloads granted of each product, ever, in one grouped query (the owner's product list). */
    async downloadsByProduct(): Promise<Map<string, number>> {
      const rows = await db
        .select({ productId: downloads.productId, count: sql<number>`count(*)::int` })
        .from(downloads)
        .groupBy(downloads.productId)
      return new Map(rows.map((row) => [row.productId, row.count]))
    },

    /** How many downloads each of these order items granted, and the newest, in one grouped query (the owner's customer page). */
    async downloadCountsOf(orderItemIds: readonly string[]): Promise<Map<string, { used: number; lastAt: Date }>> {
      if (orderItemIds.length === 0) return new Map()
      const rows = await db
        .select({ orderItemId: downloads.orderItemId, used: sql<number>`count(*)::int`, lastAt: sql<Date>`max(${downloads.createdAt})` })
        .from(downloads)
        .where(inArray(downloads.orderItemId, [...orderItemIds]))
        .groupBy(downloads.orderItemId)
      return new Map(rows.map((row) => [row.orderItemId, { used: row.used, lastAt: new Date(row.lastAt) }]))
    },

    /** Every download granted for these order items, newest first, with where it came from and the file version it served (the owner's order page). */
    downloadLogOf(orderItemIds: string[]): Promise<
      {
        at: Date
        orderItemId: string | null
        productId: string
        fileVersion: number | null
        ipAddress: string | null
        userAgent: string | null
        /** The private order link it was asked through; null from the Download Hub. */
        accessLinkId: string | null
      }[]
    > {
      if (orderItemIds.length === 0) return Promise.resolve([])
      return db
        .select({
          at: downloads.createdAt,
          orderItemId: downloads.orderItemId,
          accessLinkId: downloads.accessLinkId,
          productId: downloads.productId,
          fileVersion: downloads.fileVersion,
          ipAddress: downloads.ipAddress,
          userAgent: downloads.userAgent,
        })
        .from(downloads)
        .where(inArray(downloads.orderItemId, orderItemIds))
        .orderBy(desc(downloads.createdAt))
        .limit(500)
    },

    /** Downloads granted per UTC day since `since` (the owner's dashboard). */
    downloadsPerDay(since: Date): Promise<{ day: string; downloads: number }[]> {
      const day = sql<string>`to_char(date_trunc('day', ${downloads.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`
      return db
        .select({ day, downloads: sql<number>`count(*)::int` })
        .from(downloads)
        .where(gte(downloads.createdAt, since))
        .groupBy(day)
        .orderBy(day)
    },

    async createGrant(request: GrantRequest): Promise<Grant> {
      const item = await orders.downloadableItem(request.scope, request.orderItemId)
      if (!item || item.productId !== request.productId) throw notFound(MESSAGES.orderItemNotFound)
      if (!item.paid) throw badRequest(MESSAGES.orderNotCompleted, CODES.orderNotCompleted)
      // Refunded, or paused by a dispute: the buyer keeps seeing the item, not its file.
      if (!item.downloadable) throw accessDenied()
      const file = await catalog.productFile(item.productId)
      if (!file?.storageKey) throw accessDenied()
      if (item.downloadsRemaining <= 0) throw noDownloadsRemaining()
      await assertFileExists(file.storageKey)

      // Spent and logged in one transaction: never a log row without a spent download, nor the reverse.
      return db.transaction(async (tx) => {
        const remaining = await orders.spendDownload(tx, request.scope, request.orderItemId)
        if (remaining === null) throw noDownloadsRemaining()
        const [grant] = await tx
          .insert(downloads)
          .values({
            // The order's account, also through a private link: the account's log shows every download of its orders.
            userId: item.buyerId,
            productId: request.productId,
            orderItemId: request.orderItemId,
            accessLinkId: request.accessLinkId ?? null,
            ipAddress: request.ipAddress,
            userAgent: request.userAgent,
            fileVersion: file.fileVersion,
          })
          .returning({ id: downloads.id })
        return { id: grant!.id, downloadsRemaining: remaining }
      })
    },

    /**
     * The file behind a grant, while its item stays downloadable and its product has a file; null
     * for an unknown grant. The grant names its order item, a guest's too: its id, signed into the
     * URL, is the credential, checked against the buyer when the grant was made.
     */
    async grantedFile(grantId: string): Promise<GrantedFile | null> {
      const [grant] = await db.select({ orderItemId: downloads.orderItemId }).from(downloads).where(eq(downloads.id, grantId))
      if (!grant) return null
      const item = await orders.downloadableItem({ grantedItem: true }, grant.orderItemId)
      if (!item) return null
      // A link minted before a refund or dispute stops working with it.
      if (!item.downloadable) throw accessDenied()
      const file = await catalog.productFile(item.productId)
      if (!file?.storageKey) throw accessDenied()
      return { storageKey: file.storageKey, fileName: `${file.name}${extname(file.storageKey)}` }
    },
  }
}

export type DownloadsService = ReturnType<typeof createDownloadsService>
