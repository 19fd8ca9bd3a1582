/**
 * The live file version of a product as buyers see it (number, when it went live, its changelog
 * line), joined into a product query rather than read per product: the summaries a purchase or
 * an order shows get it in their one query.
 */
import { and, eq } from 'drizzle-orm'
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { productFileVersions, products } from './catalog.schema.ts'

/** Select these with `.leftJoin(productFileVersions, LIVE_FILE_VERSION_JOIN)`; a product without a live version reads null. */
export const LIVE_FILE_VERSION_COLUMNS = {
  number: productFileVersions.number,
  publishedAt: productFileVersions.publishedAt,
  uploadedAt: productFileVersions.uploadedAt,
  changelog: productFileVersions.changelog,
}

export const LIVE_FILE_VERSION_JOIN = and(eq(productFileVersions.productId, products.id), eq(productFileVersions.number, products.liveFileVersion))

type LiveFileVersionRow = { [K in keyof typeof LIVE_FILE_VERSION_COLUMNS]: (typeof LIVE_FILE_VERSION_COLUMNS)[K]['_']['data'] | null }

export function toLiveFileVersion(row: LiveFileVersionRow | null): LiveFileVersion | null {
  if (row?.number == null || !row.uploadedAt) return null
  // A live version went live when it was published; its upload time stands in should that be missing.
  return { number: row.number, publishedAt: (row.publishedAt ?? row.uploadedAt).toISOString(), changelog: row.changelog }
}
