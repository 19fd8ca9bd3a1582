/**
 * The catalog's HTTP contract: query parameters and response bodies of /api/products and
 * /api/categories. The server validates with these; the client types its calls with them.
 */
import { z } from 'zod'
import { CATALOG_SECTION_SIZE } from './catalog-limits.ts'

export { CATALOG_SECTION_SIZE }

export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 100

/** Columns a list may be sorted by (camelCase, and the snake_case names older links use). */
export const PRODUCT_SORT_COLUMNS = ['created_at', 'createdAt', 'updated_at', 'updatedAt', 'name', 'price', 'rating'] as const

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
})
export type Category = z.infer<typeof categorySchema>

export const productMetadataSchema = z.record(z.string(), z.unknown())

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Price the shopper pays, in integer cents. */
  priceCents: z.number().int(),
  imageUrl: z.string().nullable(),
  category: categorySchema.nullable(),
  categoryId: z.string().nullable(),
  isActive: z.boolean(),
  /** Size of the downloadable file in bytes. */
  fileSize: z.number().int(),
  downloadLimit: z.number().int(),
  paymentProductId: z.string().nullable(),
  paymentPriceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: productMetadataSchema,
  // Derived view fields, computed once on the server so every screen shows the same.
  originalPriceCents: z.number().int().nullable(),
  isOnSale: z.boolean(),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  audioPreview: z.string().nullable(),
  /** Waveform of the audio preview: peak amplitudes 0..1, computed once by the server. */
  previewPeaks: z.array(z.number()).nullable(),
})
export type Product = z.infer<typeof productSchema>

/** A category as a list names it: without its description. */
export const categorySummarySchema = categorySchema.pick({ id: true, name: true, slug: true })

/**
 * Metadata keys the derived fields already carry (originalPriceCents, isOnSale, isNew,
 * isFeatured, rating, reviewCount, tags, images, audioPreview): a list answer sends each once.
 */
export const DERIVED_METADATA_KEYS = ['originalPrice', 'isOnSale', 'isNew', 'featured', 'rating', 'reviewCount', 'tags', 'images', 'audioPreview'] as const

/**
 * A product as a list carries it: what a card shows, each fact once. No waveform (only the
 * product page draws it), the category without its description, and metadata without the keys
 * the derived fields carry. A full Product is also a valid list item.
 */
export const productListItemSchema = productSchema.omit({ previewPeaks: true, category: true }).extend({ category: categorySummarySchema.nullable() })
export type ProductListItem = z.infer<typeof productListItemSchema>

export const productListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  search: z.string().max(200).optional(),
  sortBy: z.enum(PRODUCT_SORT_COLUMNS).default('created_at'),
  /** Ascending only when "asc"; anything else sorts descending. */
  sortOrder: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
/** What a client may ask of the product list. */
export interface ProductListQuery {
  category?: string
  search?: string
  sortBy?: (typeof PRODUCT_SORT_COLUMNS)[number]
  sortOrder?: 'asc' | 'desc'
  limit?: number
  offset?: number
}

export const productListSchema = z.object({
  data: z.array(productListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
})
export type ProductList = z.infer<typeof productListSchema>

export const categoryListSchema = z.object({ data: z.array(categorySchema) })
export const categoryResponseSchema = z.object({ data: categorySchema })
export const productResponseSchema = z.object({ data: productSchema })

/** The All Products view in one answer: every category (store order) with its newest products and how many it has. */
export const catalogSectionsSchema = z.object({
  data: z.array(z.object({ category: categorySchema, products: z.array(productListItemSchema), total: z.number().int() })),
})
export type CatalogSections = z.infer<typeof catalogSectionsSchema>
