/** Turns a product row (and its category) into the API's Product, with its derived fields (sale price, badges, rating, images). */
import { DERIVED_METADATA_KEYS, type Category, type Product, type ProductListItem } from '../../shared/contract/catalog.ts'
import { productImages } from '../../shared/product-view.ts'
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

export function toProductView(row: ViewedRow, category: Category | null, mediaUrl: MediaUrl = asStored): Product {
  const metadata = viewedMetadata(row.metadata ?? {}, mediaUrl)
  const imageUrl = row.imageUrl && mediaUrl(row.imageUrl)
  const originalPrice = typeof metadata.originalPrice === 'number' && metadata.originalPrice > row.priceCents ? Math.round(metadata.originalPrice) : null
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
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
  }
}

/** The product as a list carries it: no peaks, the category's name and slug, metadata without what the derived fields say. */
export function toProductListItem(row: Omit<ViewedRow, 'previewPeaks'>, category: Category | null, mediaUrl: MediaUrl = asStored): ProductListItem {
  const { previewPeaks: _peaks, category: _category, metadata, ...view } = toProductView({ ...row, previewPeaks: null }, category, mediaUrl)
  const lean = Object.fromEntries(Object.entries(metadata).filter(([key]) => !(DERIVED_METADATA_KEYS as readonly string[]).includes(key)))
  return { ...view, category: category ? { id: category.id, name: category.name, slug: category.slug } : null, metadata: lean }
}
