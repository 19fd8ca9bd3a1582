/**
 * Derived product facts, defined once so every screen reads them the same way:
 * discount badge percent, digital-download detection, purchase limit, file size, stars.
 */

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg'
export const DEFAULT_DOWNLOAD_LIMIT = 3
export const MAX_CARD_TAGS = 3
export const STAR_COUNT = 5

export interface ProductMetadata {
  /** Pre-sale price in integer cents, like every money value in the store. */
  originalPrice?: number
  isOnSale?: boolean
  isNew?: boolean
  featured?: boolean
  rating?: number
  reviewCount?: number
  tags?: string[]
  images?: string[]
  audioPreview?: string
  product_type?: string
  /** A whole number held as a string, as product metadata stores it. */
  purchase_limit?: string
  bpm?: number
  key?: string
  genre?: string
  [key: string]: unknown
}

/** Badge percent: round((original − price) / original × 100); null when there is no saving. */
export function discountPercent(originalCents: number | null | undefined, priceCents: number): number | null {
  if (!originalCents || originalCents <= priceCents) return null
  return Math.round(((originalCents - priceCents) / originalCents) * 100)
}

/** A digital download is locked at quantity 1 (product_type digital_download or purchase_limit "1"). */
export function isDigitalProduct(metadata: ProductMetadata | null | undefined): boolean {
  if (!metadata) return false
  return metadata.product_type === 'digital_download' || metadata.purchase_limit === '1'
}

/** The purchase limit as a number, or null when the product has none (or an unreadable one). */
export function purchaseLimit(metadata: ProductMetadata | null | undefined): number | null {
  const raw = metadata?.purchase_limit
  if (raw === undefined || raw === null) return null
  const limit = Number.parseInt(String(raw), 10)
  return Number.isFinite(limit) && limit > 0 ? limit : null
}

/**
 * "12.3" for a size in bytes (bytes / 1048576, one decimal). A small but real file (a MIDI
 * pack is a few KB) reads "< 0.1" rather than "0.0", which would look like an empty download.
 */
export function fileSizeMb(bytes: number | string | null | undefined): string {
  const value = Number(bytes ?? 0)
  if (!Number.isFinite(value) || value <= 0) return '0.0'
  const mb = value / 1048576
  return mb < 0.05 ? '< 0.1' : mb.toFixed(1)
}

/** Number of filled stars out of five: the floor of the rating. */
export function filledStars(rating: number | null | undefined): number {
  if (!rating || !Number.isFinite(rating)) return 0
  return Math.max(0, Math.min(STAR_COUNT, Math.floor(rating)))
}

/** imageUrl followed by the metadata images, without repeats; the placeholder when empty. */
export function productImages(imageUrl: string | null | undefined, metadata: ProductMetadata | null | undefined): string[] {
  const images = [imageUrl, ...(metadata?.images ?? [])].filter((url): url is string => typeof url === 'string' && url.length > 0)
  const unique = [...new Set(images)]
  return unique.length > 0 ? unique : [PLACEHOLDER_IMAGE]
}

/**
 * Widths every generated product image is stored at (`…-320.webp` to `…-1024.webp`). 480 and 768
 * are there for the slots in between: a 400 px card at 1× on a desktop, a phone's full-width card
 * or gallery (≈380 px) at 1.75–2×, which would otherwise take the 1024 file.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 768, 1024] as const
const SIZED_IMAGE = new RegExp(`^(.*)-(?:${IMAGE_WIDTHS.join('|')})\\.webp$`)

/** The URLs of an image stored at the standard widths, one per width; null for any other image. */
export function imageWidthUrls(url: string): { width: number; url: string }[] | null {
  const base = SIZED_IMAGE.exec(url)?.[1]
  return base === undefined ? null : IMAGE_WIDTHS.map((width) => ({ width, url: `${base}-${width}.webp` }))
}

/**
 * A `srcSet` for an image stored at the standard widths, so each slot loads the size it
 * shows (the 640 one as `src`, always stored); other URLs come back as they are.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const sized = imageWidthUrls(url)
  if (!sized) return { src: url }
  return { src: sized.find(({ width }) => width === 640)!.url, srcSet: sized.map((size) => `${size.url} ${size.width}w`).join(', ') }
}
