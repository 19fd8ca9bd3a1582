/**
 * Counted downloads: the user's download log, creating a grant (ownership, a COMPLETED order
 * and a download left, spent by one atomic statement together with the log row) and resolving
 * a grant back to the file it may fetch. Another user's order item does not exist for the caller.
 */
import { extname } from 'node:path'
import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { DOWNLOAD_ERROR_CODES as CODES, DOWNLOAD_SERVER_MESSAGES as MESSAGES, type DownloadLogEntry } from '../../shared/contract/downloads.ts'
import type { Database } from '../db/client.ts'
import { downloads, orderItems, orders, products } from '../db/schema.ts'
import { AppError, badRequest, notFound } from '../http/errors.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { StorageKeyError } from '../storage/file-storage.ts'

export const noDownloadsRemaining = () => badRequest(MESSAGES.noDownloadsRemaining, CODES.noDownloadsRemaining)
export const accessDenied = () => new AppError(403, CODES.accessDenied, MESSAGES.accessDenied)
export const fileMissing = () => new AppError(404, 'FILE_NOT_FOUND', MESSAGES.fileMissing)

export interface GrantRequest {
  userId: string
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

export interface DownloadsServiceDeps {
  db: Database
  storage: FileStorage
  log?: { error: (object: object, message: string) => void }
}

export function createDownloadsService({ db, storage, log }: DownloadsServiceDeps) {
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
          productName: products.name,
        })
        .from(downloads)
        .innerJoin(products, eq(downloads.productId, products.id))
        .where(eq(downloads.userId, userId))
        .orderBy(desc(downloads.createdAt), desc(downloads.id))
        .limit(limit + 1)
        .offset(offset)
      return {
        data: rows.slice(0, limit).map(({ productName, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), product: { name: productName } })),
        hasMore: rows.length > limit,
      }
    },

    async createGrant(request: GrantRequest): Promise<Grant> {
      const [item] = await db
        .select({ productId: orderItems.productId, downloadsRemaining: orderItems.downloadsRemaining, status: orders.status, fileUrl: products.fileUrl })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .innerJoin(products, eq(orderItems.productId, products.id))
        .where(and(eq(orderItems.id, request.orderItemId), eq(orders.userId, request.userId)))
      if (!item || item.productId !== request.productId) throw notFound(MESSAGES.orderItemNotFound)
      if (item.status !== 'COMPLETED') throw badRequest(MESSAGES.orderNotCompleted, CODES.orderNotCompleted)
      if (!item.fileUrl) throw accessDenied()
      if (item.downloadsRemaining <= 0) throw noDownloadsRemaining()
      await assertFileExists(item.fileUrl)

      return db.transaction(async (tx) => {
        // The one statement that spends a download: concurrent grants queue on the row lock, and
        // the guard re-reads the count, so the remaining count never goes below zero.
        const [spent] = await tx
          .update(orderItems)
          .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} - 1` })
          .where(
            and(
              eq(orderItems.id, request.orderItemId),
              gt(orderItems.downloadsRemaining, 0),
              sql`exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId} and ${orders.userId} = ${request.userId} and ${orders.status} = 'COMPLETED')`,
            ),
          )
          .returning({ downloadsRemaining: orderItems.downloadsRemaining })
        if (!spent) throw noDownloadsRemaining()
        const [grant] = await tx
          .insert(downloads)
          .values({
            userId: request.userId,
            productId: request.productId,
            orderItemId: request.orderItemId,
            ipAddress: request.ipAddress,
            userAgent: request.userAgent,
          })
          .returning({ id: downloads.id })
        return { id: grant!.id, downloadsRemaining: spent.downloadsRemaining }
      })
    },

    /** The file behind a grant, while its order stays COMPLETED and its product has a file; null for an unknown grant. */
    async grantedFile(grantId: string): Promise<GrantedFile | null> {
      const [row] = await db
        .select({ status: orders.status, fileUrl: products.fileUrl, name: products.name })
        .from(downloads)
        .innerJoin(orderItems, eq(downloads.orderItemId, orderItems.id))
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .innerJoin(products, eq(orderItems.productId, products.id))
        .where(and(eq(downloads.id, grantId), eq(orders.userId, downloads.userId)))
      if (!row) return null
      if (row.status !== 'COMPLETED' || !row.fileUrl) throw accessDenied()
      return { storageKey: row.fileUrl, fileName: `${row.name}${extname(row.fileUrl)}` }
    },
  }
}

export type DownloadsService = ReturnType<typeof createDownloadsService>
