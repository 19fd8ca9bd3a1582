/**
 * The purchases and downloads HTTP contract: purchased items (`GET /api/purchases`), owned
 * product ids, the download log (`GET /api/downloads`), download grants (`POST /api/downloads`)
 * and the server's side of the download errors (messages and codes; the texts shown
 * for them are in the client, features/downloads/download-errors.ts).
 */
import { z } from 'zod'
import { formatDate } from '../dates.ts'
import { categorySchema } from './catalog.ts'
import { DOWNLOAD_SERVER_MESSAGES } from './download-messages.ts'
import { liveFileVersionSchema } from './product-file-versions.ts'

export { DOWNLOAD_SERVER_MESSAGES }

/** Whether a bought item's downloads work: paused while its payment is disputed, ended by a refund or a lost dispute. */
export const ITEM_ACCESS_STATES = ['active', 'suspended', 'revoked'] as const
/** Why an item's downloads stopped. */
export const ITEM_ACCESS_REASONS = ['refunded', 'dispute_open', 'dispute_lost'] as const
export const itemAccessSchema = z.object({
  state: z.enum(ITEM_ACCESS_STATES),
  reason: z.enum(ITEM_ACCESS_REASONS).nullable(),
  /** When the state last changed (ISO), or null for an item that was never stopped. */
  since: z.string().nullable(),
})
export type ItemAccessView = z.infer<typeof itemAccessSchema>

/** The plain sentence a buyer reads where a stopped item's Download button was. */
export function accessNotice(access: ItemAccessView): string | null {
  if (access.state === 'active' || !access.reason) return null
  const on = access.since ? ` on ${formatDate(access.since)}` : ''
  switch (access.reason) {
    case 'refunded':
      return `Refunded${on}: downloads are no longer available`
    case 'dispute_open':
      return `Payment disputed${on}: downloads are paused until the dispute is settled`
    case 'dispute_lost':
      return `Payment reversed${on} after a dispute: downloads are no longer available`
  }
}

/** Codes of the grant errors; the client chooses its text by them. */
export const DOWNLOAD_ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  noDownloadsRemaining: 'NO_DOWNLOADS_REMAINING',
  orderNotCompleted: 'ORDER_NOT_COMPLETED',
  accessDenied: 'ACCESS_DENIED',
  notFound: 'NOT_FOUND',
  linkExpired: 'DOWNLOAD_LINK_EXPIRED',
  invalidLink: 'INVALID_DOWNLOAD_LINK',
} as const

/** Shown when an item has no downloads left. */
export const DOWNLOAD_LIMIT_REACHED_TEXT = 'You have reached the download limit for this product. Please contact support if you need additional downloads.'

/** How long a signed download URL works: long enough to start (and resume) a download, short enough not to be shared. */
export const DOWNLOAD_URL_TTL_SECONDS = 10 * 60

export const DOWNLOADS_DEFAULT_PAGE_SIZE = 10
export const DOWNLOADS_MAX_PAGE_SIZE = 100

export const purchasedProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Bytes; the hub shows MB with one decimal (bytes / 1048576). */
  fileSize: z.number().int(),
  /** Downloads one unit of the product grants. */
  downloadLimit: z.number().int(),
  category: categorySchema.nullable(),
  /** The file version a download serves now; null before the product has a file. */
  fileVersion: liveFileVersionSchema.nullable(),
})

export const purchaseSchema = z.object({
  /** The order item's id: what a grant names as `orderItemId`. */
  id: z.string(),
  orderId: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
  downloadsRemaining: z.number().int(),
  /** Downloads granted in total for this line (product limit × quantity at purchase). */
  downloadLimit: z.number().int(),
  /** Whether the item can still be downloaded, and if not, why. */
  access: itemAccessSchema,
  product: purchasedProductSchema,
  order: z.object({ id: z.string(), orderNumber: z.string(), createdAt: z.string() }),
})
export type Purchase = z.infer<typeof purchaseSchema>
export const purchasesResponseSchema = z.object({ data: z.array(purchaseSchema) })

export const ownedProductsResponseSchema = z.object({ data: z.array(z.string()) })

export const downloadLogEntrySchema = z.object({
  id: z.string(),
  productId: z.string(),
  orderItemId: z.string(),
  createdAt: z.string(),
  ipAddress: z.string().nullable(),
  product: z.object({ name: z.string() }),
})
export type DownloadLogEntry = z.infer<typeof downloadLogEntrySchema>

export const listDownloadsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DOWNLOADS_MAX_PAGE_SIZE).default(DOWNLOADS_DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const listDownloadsResponseSchema = z.object({ data: z.array(downloadLogEntrySchema), hasMore: z.boolean() })

export const createDownloadBodySchema = z.object({
  orderItemId: z.uuid({ error: 'orderItemId must be a UUID' }),
  productId: z.uuid({ error: 'productId must be a UUID' }),
})
export type CreateDownloadBody = z.infer<typeof createDownloadBodySchema>

export const createDownloadResponseSchema = z.object({
  /** Same-origin path (`/api/downloads/file/...`); navigating to it starts the browser's download. */
  downloadUrl: z.string(),
  downloadsRemaining: z.number().int(),
  /** ISO time after which the URL answers 410. */
  expiresAt: z.string(),
})
export type CreateDownloadResponse = z.infer<typeof createDownloadResponseSchema>
