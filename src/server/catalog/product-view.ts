/** Turns a product row (and its category) into the API's Product, with its derived fields (sale price, badges, rating, images). */
import { DERIVED_METADATA_KEYS, type Category, type Product, type ProductListItem } from '../../shared/contract/catalog.ts'
import type { SaleTerms } from '../../shared/contract/selling.ts'
import { pwywMinimumCents } from '../../shared/pay-what-you-want.ts'
import { productImages } from '../../shared/product-view.ts'
import { bestSaleFor } from '../../shared/sales.ts'
import type { CategoryRow, ProductRow } from './catalog.schema.ts'

/** Where browsers fetch a stored /media/ path: as it is, or from MEDIA_BASE_URL. */
export type MediaUrl = (path: string) => string

const MEDIA_ROOT = '/media'
const asStored: MediaUrl = (path) => path

/** The URL of media paths with MEDIA_BASE_URL standing for /media; other URLs (outside art) stay as they are. */
export function mediaUrlFor(mediaBaseUrl: string | undefined): MediaUrl {
  if (!mediaBaseUrl) return asStored
  return (path) => (path.startsWith(`${MEDIA_ROOT}/`) ? `${mediaBaseUrl}${path.slice(MEDIA_ROOT.length)}` : path)
}

export function toCategoryView(row: Pick<CategoryRow, 'id' | 'name' | 'slug' | 'description'>): Category {
  return { id: row.id, name: row.name, slug: row.slug, description: row.description }
}

/** A product row as the views read it: without the search columns, which only the database uses. */
type ViewedRow = Omit<ProductRow, 'searchVector' | 'searchText'>

/** The metadata as handed out: its gallery and preview at the URLs browsers fetch them from. */
function viewedMetadata(metadata: ProductRow['metadata'], mediaUrl: MediaUrl): ProductRow['metadata'] {
  if (mediaUrl === asStored) return metadata
  const { images, audioPreview } = metadata
  return {
    ...metadata,
    ...(Array.isArray(images) ? { images: images.map((image) => (typeof image === 'string' ? mediaUrl(image) : image)) } : {}),
    ...(typeof audioPreview === 'string' ? { audioPreview: mediaUrl(audioPreview) } : {}),
  }
}

/** The timed sales that may price products now, and the moment they are read at (a test's clock, or now). */
export interface SalePricing {
  sales: readonly SaleTerms[]
  now: Date
}

const NO_SALES: SalePricing = { sales: [], now: new Date(0) }

/**
 * The row as the API answers it. A running sale sets the price (src/shared/sales.ts): the regular
 * price, or the compare-at price in metadata when higher, is then the original price shown struck.
 */
export function toProductView(row: ViewedRow, category: Category | null, mediaUrl: MediaUrl = asStored, pricing: SalePricing = NO_SALES): Product {
  const metadata = viewedMetadata(row.metadata ?? {}, mediaUrl)
  const imageUrl = row.imageUrl && mediaUrl(row.imageUrl)
  const applied = bestSaleFor({ id: row.id, categoryId: row.categoryId, priceCents: row.priceCents, priceModel: row.priceModel }, pricing.sales, pricing.now)
  const priceCents = applied?.priceCents ?? row.priceCents
  const compareAt = typeof metadata.originalPrice === 'number' && metadata.originalPrice > row.priceCents ? Math.round(metadata.originalPrice) : null
  const originalPrice = applied ? Math.max(row.priceCents, compareAt ?? 0) : compareAt
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents,
    imageUrl,
    category,
    categoryId: row.categoryId,
    isActive: row.isActive,
    fileSize: row.fileSize,
    downloadLimit: row.downloadLimit,
    paymentProductId: row.paymentProductId,
    paymentPriceId: row.paymentPriceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    metadata,
    originalPriceCents: originalPrice,
    isOnSale: Boolean(metadata.isOnSale) || originalPrice !== null,
    isNew: Boolean(metadata.isNew),
    isFeatured: Boolean(metadata.featured),
    rating: typeof metadata.rating === 'number' ? metadata.rating : null,
    reviewCount: typeof metadata.reviewCount === 'number' ? Math.round(metadata.reviewCount) : 0,
    tags: Array.isArray(metadata.tags) ? metadata.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    images: productImages(imageUrl, metadata),
    audioPreview: typeof metadata.audioPreview === 'string' && metadata.audioPreview ? metadata.audioPreview : null,
    previewPeaks: row.previewPeaks ?? null,
    bpm: row.bpm,
    musicKey: row.musicKey,
    genre: row.genre,
    types: row.soundTypes,
    priceModel: row.priceModel,
    minPriceCents: row.priceModel === 'pwyw' ? pwywMinimumCents(row.minPriceCents) : null,
    isBundle: row.isBundle,
    sale: applied ? { id: applied.sale.id, name: applied.sale.name, endsAt: applied.sale.endsAt.toISOString() } : null,
  }
}

/** The product as a list carries it: no peaks, the category's name and slug, metadata without what the derived fields say. */
export function toProductListItem(
  row: Omit<ViewedRow, 'previewPeaks'>,
  category: Category | null,
  mediaUrl: MediaUrl = asStored,
  pricing: SalePricing = NO_SALES,
): ProductListItem {
  const { previewPeaks: _peaks, category: _category, metadata, ...view } = toProductView({ ...row, previewPeaks: null }, category, mediaUrl, pricing)
  const lean = Object.fromEntries(Object.entries(metadata).filter(([key]) => !(DERIVED_METADATA_KEYS as readonly string[]).includes(key)))
  return { ...view, category: category ? { id: category.id, name: category.name, slug: category.slug } : null, metadata: lean }
}

/** A product read with its category left-joined (null when it has none), as a list carries it. */
export function toJoinedListItem(
  row: { product: Omit<ViewedRow, 'previewPeaks'>; category: Pick<CategoryRow, 'id' | 'name' | 'slug' | 'description'> | null },
  mediaUrl: MediaUrl = asStored,
  pricing: SalePricing = NO_SALES,
): ProductListItem {
  return toProductListItem(row.product, row.category?.id ? toCategoryView(row.category) : null, mediaUrl, pricing)
}
