/**
 * The catalog's HTTP contract: query parameters and response bodies of /api/products and
 * /api/categories. The server validates with these; the client types its calls with them.
 */
import { z } from 'zod'
import { PRICE_MODELS } from './selling.ts'
import { compatibleKeys, parseMusicKey } from '../music-keys.ts'
import { CATALOG_SECTION_SIZE } from './catalog-limits.ts'
import { BPM_LIMITS, SOUND_TYPE_IDS, SOUND_TYPES, type CatalogFacets, type CatalogFilters } from './catalog-filters.ts'

export { CATALOG_SECTION_SIZE }

export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 100

/**
 * Columns a list may be sorted by (camelCase, and the snake_case names older links use). `price`
 * is the price shoppers pay now (a running sale's); `discount` is the saving as a share of the
 * struck-through price.
 */
export const PRODUCT_SORT_COLUMNS = ['created_at', 'createdAt', 'updated_at', 'updatedAt', 'name', 'price', 'rating', 'bpm', 'relevance', 'discount'] as const

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
  /** Tempo of the loops, when they have one. */
  bpm: z.number().nullable(),
  /** The key as filters name it ("Am", "C#m", "Eb"); metadata.key keeps it as written ("A aeolian"). */
  musicKey: z.string().nullable(),
  genre: z.string().nullable(),
  /** Sound types (loops, one-shots, midi, presets, instruments, tools). */
  types: z.array(z.string()),
  /** `pwyw`: the buyer names the price, at least minPriceCents; priceCents is then the suggested amount. */
  priceModel: z.enum(PRICE_MODELS),
  minPriceCents: z.number().int().nullable(),
  /** A bundle of other products (its page lists them; buying it grants each). */
  isBundle: z.boolean(),
  /** A bundle: how many products it holds (the card's "Bundle · 5 packs"); absent for other products. */
  bundleItemCount: z.number().int().optional(),
  /** The timed sale pricing it now: priceCents is the sale price and originalPriceCents the regular one. */
  sale: z.object({ id: z.string(), name: z.string(), endsAt: z.string() }).nullable(),
})
export type Product = z.infer<typeof productSchema>

/** A category as a list names it: without its description. */
export const categorySummarySchema = categorySchema.pick({ id: true, name: true, slug: true })

/**
 * Metadata keys the derived fields already carry (originalPriceCents, isOnSale, isNew,
 * isFeatured, rating, reviewCount, tags, images, audioPreview): a list answer sends each once.
 */
export const DERIVED_METADATA_KEYS = [
  'originalPrice',
  'isOnSale',
  'isNew',
  'featured',
  'rating',
  'reviewCount',
  'tags',
  'images',
  'audioPreview',
  'bpm',
  'genre',
  'types',
] as const

/**
 * A product as a list carries it: what a card shows, each fact once. No waveform (only the
 * product page draws it), the category without its description, and metadata without the keys
 * the derived fields carry. A full Product is also a valid list item.
 */
export const productListItemSchema = productSchema.omit({ previewPeaks: true, category: true }).extend({ category: categorySummarySchema.nullable() })
export type ProductListItem = z.infer<typeof productListItemSchema>

/** A query parameter given once or repeated (`?genre=House&genre=Techno`), as a list. */
const repeatable = (max: number) =>
  z
    .union([z.string().max(100), z.array(z.string().max(100)).max(max)])
    .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter(Boolean))])
    .optional()

/**
 * A number in the address; "abc" is refused rather than ignored. `label` names it as the
 * shopper's filter panel does, since these messages are shown as they are.
 */
const numberParam = (label: string, min: number, max: number, outOfRange = `${label} must be from ${min} to ${max}`) =>
  z
    .string({ error: `${label} must be a number` })
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${label} must be a number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, outOfRange)
    .optional()

/** The longest search the list accepts, and what a shopper reads past it. */
const SEARCH_MAX_CHARS = 200
const SEARCH_TOO_LONG = { error: `Search terms can be at most ${SEARCH_MAX_CHARS} characters` }
const SEARCH_NOT_TEXT = { error: 'Search terms must be text' }
const SOUND_TYPE_LABELS = SOUND_TYPES.map((type) => type.label).join(', ')

const keyName = z
  .string()
  .trim()
  .max(30)
  .refine((value) => parseMusicKey(value) !== null, 'Unknown key name (write it like "A minor", "C#m" or "8A")')

export const productListQuerySchema = z
  .object({
    category: z.string().trim().min(1).max(100).optional(),
    /** Case-insensitive substring of the name or description (the older search). */
    search: z.string(SEARCH_NOT_TEXT).max(SEARCH_MAX_CHARS, SEARCH_TOO_LONG).optional(),
    /** Ranked full-text search over name, tags, genre and description, by prefix and typo-tolerant. */
    q: z.string(SEARCH_NOT_TEXT).trim().max(SEARCH_MAX_CHARS, SEARCH_TOO_LONG).optional(),
    bpmMin: numberParam('Minimum BPM', BPM_LIMITS.min, BPM_LIMITS.max),
    bpmMax: numberParam('Maximum BPM', BPM_LIMITS.min, BPM_LIMITS.max),
    key: repeatable(24).pipe(z.array(keyName).optional()),
    compatible: keyName.optional(),
    genre: repeatable(50),
    type: repeatable(SOUND_TYPE_IDS.length).pipe(
      z.array(z.enum(SOUND_TYPE_IDS as [string, ...string[]], { error: `Sound type must be one of ${SOUND_TYPE_LABELS}` })).optional(),
    ),
    tag: repeatable(20),
    priceMin: numberParam('Minimum price', 0, 100_000_000, 'Minimum price is too high'),
    priceMax: numberParam('Maximum price', 0, 100_000_000, 'Maximum price is too high'),
    onSale: z
      .enum(['true', 'false', '1', '0'], { error: 'The on-sale filter must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
    /** `facets=1` adds the filter panel's options and counts to the answer. */
    facets: z
      .enum(['1', 'true', '0', 'false'])
      .transform((value) => value === '1' || value === 'true')
      .optional(),
    sortBy: z.enum(PRODUCT_SORT_COLUMNS).optional(),
    /** Ascending only when "asc"; anything else sorts descending. */
    sortOrder: z.string().max(10).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine((query, context) => {
    if (query.bpmMin !== undefined && query.bpmMax !== undefined && query.bpmMin > query.bpmMax) {
      context.addIssue({ code: 'custom', path: ['bpmMin'], message: "Minimum BPM can't be above maximum BPM" })
    }
    if (query.priceMin !== undefined && query.priceMax !== undefined && query.priceMin > query.priceMax) {
      context.addIssue({ code: 'custom', path: ['priceMin'], message: "Minimum price can't be above maximum price" })
    }
  })
  .transform(({ key, compatible, ...query }) => ({
    ...query,
    /** Key ids the list keeps: the keys asked for, and every key compatible with `compatible`. */
    keys: [
      ...new Set([
        ...(key ?? []).map((name) => parseMusicKey(name)!.id),
        ...(compatible ? compatibleKeys(parseMusicKey(compatible)!).map((found) => found.id) : []),
      ]),
    ],
    // Relevance means something only with a search: without one the newest come first.
    sortBy: query.sortBy ?? (query.q ? 'relevance' : 'created_at'),
  }))

/** What a client may ask of the product list. */
export interface ProductListQuery extends CatalogFilters {
  category?: string
  search?: string
  sortBy?: (typeof PRODUCT_SORT_COLUMNS)[number]
  sortOrder?: 'asc' | 'desc'
  limit?: number
  offset?: number
  facets?: boolean
}

const facetOptionSchema = z.object({ value: z.string(), count: z.number().int() })
const rangeSchema = z.object({ min: z.number(), max: z.number() }).nullable()
export const catalogFacetsSchema: z.ZodType<CatalogFacets> = z.object({
  genre: z.array(facetOptionSchema),
  key: z.array(facetOptionSchema),
  type: z.array(facetOptionSchema),
  tag: z.array(facetOptionSchema),
  bpm: rangeSchema,
  price: rangeSchema,
  onSale: z.number().int(),
})

export const productListSchema = z.object({
  data: z.array(productListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
  /** With `facets=1`: the filter panel's options and their counts. */
  facets: catalogFacetsSchema.optional(),
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

/** Suggestions under the header's search box, from 2 characters: products, categories and tags that match. */
export { SUGGESTION_MIN_CHARS } from './catalog-filters.ts'
export const searchSuggestionsQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Search terms for suggestions can be at most 100 characters' }).default(''),
})
export const searchSuggestionsSchema = z.object({
  data: z.object({
    products: z.array(z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable(), categoryName: z.string().nullable() })),
    categories: z.array(categorySummarySchema),
    tags: z.array(z.string()),
  }),
})
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>['data']

/** "More like this": products of the same genre, a compatible key and a close tempo first, then the same category. */
export const relatedProductsSchema = z.object({ data: z.array(productListItemSchema) })
export const RELATED_PRODUCT_COUNT = 3
