/**
 * The owner's product form: one schema for the browser and the server, so a field is refused
 * with the same words on both sides. Prices are typed in dollars and travel as cents.
 */
import { z } from 'zod'
import { parseMusicKey } from '../music-keys.ts'
import { formatPrice } from '../money.ts'
import { amountToCents, PWYW_MAX_CENTS } from '../pay-what-you-want.ts'
import { SOUND_TYPE_IDS } from './catalog-filters.ts'
import { PRICE_MODELS } from './selling.ts'
import { recordId, versionSchema } from './strict-input.ts'
import { productMediaSchema } from './uploads.ts'

/** "29.99" → 2999; null for anything that is not a positive amount with at most two decimals. */
export function dollarsToCents(value: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return null
  const cents = Math.round(Number(value.trim()) * 100)
  return cents > 0 ? cents : null
}

/** The product's price: "29.99" → 2999, and 0 ("0", "0.00") for a free product, which shoppers get with their email ("Get it free"). */
export function priceToCents(value: string): number | null {
  return /^0{1,7}(\.0{1,2})?$/.test(value.trim()) ? 0 : dollarsToCents(value)
}

const priceField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => priceToCents(value) !== null, `${label} must be 0 (free) or more, with at most 2 decimals`)

const optionalWhole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `${label} must be a whole number from ${min} to ${max}`,
    )

export const productFormSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
    /** Pay what you want: the suggested amount the buyer's field starts at. */
    price: priceField('Price'),
    /** `fixed`, or `pwyw`: the buyer names the price, at least minimumPrice (older clients send neither field). */
    priceModel: z.enum(PRICE_MODELS, { error: 'Pricing must be a fixed price or pay what you want' }).default('fixed'),
    /** Pay what you want: the least a buyer may pay, in dollars ("0" for $0+); ignored for a fixed price. */
    minimumPrice: z.string().trim().max(20, 'Minimum price must be $0.00 or more with at most 2 decimals').default(''),
    originalPrice: z
      .string()
      .trim()
      .refine((value) => value === '' || dollarsToCents(value) !== null, 'Original price must be more than $0 with at most 2 decimals'),
    categoryId: z.string().trim().max(100, 'Category must be one of the store\u2019s categories'),
    active: z.boolean(),
    featured: z.boolean(),
    isNew: z.boolean(),
    /** Comma-separated. */
    tags: z.string().max(500, 'Tags must be at most 500 characters'),
    digitalDownload: z.boolean(),
    purchaseLimit: optionalWhole('Purchase limit', 1, 100),
    downloadLimit: optionalWhole('Download limit', 1, 100).refine((value) => value !== '', 'Download limit is required'),
    bpm: optionalWhole('BPM', 20, 400),
    /** As the owner wrote it ("A minor", "C#m", "D dorian"); the store files it under one of the 24 keys. */
    key: z
      .string()
      .trim()
      .max(20, 'Key must be at most 20 characters')
      .refine((value) => value === '' || parseMusicKey(value) !== null, 'Key must be a musical key, like "A minor", "C#m" or "D dorian"'),
    genre: z.string().trim().max(60, 'Genre must be at most 60 characters'),
    /** Sound types the product holds: ids of SOUND_TYPES (the server stores each once, in that order). */
    types: z.array(z.enum(SOUND_TYPE_IDS as [string, ...string[]], { message: `Type must be one of ${SOUND_TYPE_IDS.join(', ')}` })).max(SOUND_TYPE_IDS.length),
  })
  .superRefine((form, context) => {
    if (form.priceModel === 'pwyw') {
      payWhatYouWantIssues(form).forEach(([path, message]) => context.addIssue({ code: 'custom', path: [path], message }))
      return
    }
    const price = priceToCents(form.price)
    const original = form.originalPrice ? dollarsToCents(form.originalPrice) : null
    // A free product is had with an email, never bought: nothing is struck through above "Free".
    if (price === 0 && original !== null) {
      context.addIssue({ code: 'custom', path: ['originalPrice'], message: 'A free product has no original price: leave it empty' })
    } else if (price !== null && original !== null && original <= price) {
      context.addIssue({ code: 'custom', path: ['originalPrice'], message: 'Original price must be higher than the price (it is shown struck through)' })
    }
  })
export type ProductForm = z.infer<typeof productFormSchema>

export const PAY_WHAT_YOU_WANT_FORM_MESSAGES = {
  minimumRequired: 'Minimum price is required for pay what you want ($0 lets buyers pay nothing)',
  minimumInvalid: 'Minimum price must be $0.00 or more with at most 2 decimals',
  minimumAboveSuggested: 'Minimum price must be at most the suggested price',
  /** A $0 minimum with a $0 suggestion is a free product, which is had with an email instead of checkout. */
  freeProduct: 'A $0.00 minimum with a $0.00 suggested price is a free product: choose Fixed price at $0.00 instead',
  suggestedTooHigh: `Suggested price must be at most ${formatPrice(PWYW_MAX_CENTS)}, the most a buyer may pay`,
} as const

/**
 * Pay what you want's rules for the form: a minimum of $0.00 or more, at most the suggested
 * price (the price field), which buyers can pay (at most PWYW_MAX_CENTS); not both $0.00.
 * The original price is not checked: a struck-through price means nothing when the buyer names it.
 */
function payWhatYouWantIssues(form: { price: string; minimumPrice: string }): [keyof ProductForm, string][] {
  const messages = PAY_WHAT_YOU_WANT_FORM_MESSAGES
  const suggested = amountToCents(form.price)
  if (suggested !== null && suggested > PWYW_MAX_CENTS) return [['price', messages.suggestedTooHigh]]
  if (form.minimumPrice === '') return [['minimumPrice', messages.minimumRequired]]
  const minimum = amountToCents(form.minimumPrice)
  if (minimum === null) return [['minimumPrice', messages.minimumInvalid]]
  if (suggested === null) return []
  if (minimum === 0 && suggested === 0) return [['minimumPrice', messages.freeProduct]]
  if (minimum > suggested) return [['minimumPrice', messages.minimumAboveSuggested]]
  return []
}

/** A new product's form, in the console and the owner CLI alike: hidden until its file is there, 3 downloads per purchase. */
export const EMPTY_PRODUCT_FORM: ProductForm = {
  name: '',
  description: '',
  price: '',
  priceModel: 'fixed',
  minimumPrice: '',
  originalPrice: '',
  categoryId: '',
  active: false,
  featured: false,
  isNew: true,
  tags: '',
  digitalDownload: true,
  purchaseLimit: '',
  downloadLimit: '3',
  bpm: '',
  key: '',
  genre: '',
  types: [],
}

export const productCreateSchema = z.strictObject({ form: productFormSchema })

/** A save names the version it was edited from (required); an older one is refused. */
export const productSaveSchema = z.strictObject({ form: productFormSchema, version: versionSchema })

export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** The running sale's price and name, as the store charges it now; null when no sale covers the product. */
  sale: z.object({ name: z.string(), priceCents: z.number().int() }).nullable(),
  categoryName: z.string().nullable(),
  active: z.boolean(),
  /** Paid orders' units of it, refunds aside. */
  sales: z.number().int(),
  downloads: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** The stored product as its form shows it; a key saved before keys were checked is shown for the owner to correct, not refused. */
  form: z.object({ ...productFormSchema.shape, key: z.string() }),
  media: productMediaSchema,
})
export type AdminProduct = z.infer<typeof adminProductSchema>

/** One entry of a record's audit trail: who did what, when, and which fields changed from what to what. */
export const auditEntrySchema = z.object({
  action: z.string(),
  actorEmail: z.string(),
  at: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
})
export type AuditEntryView = z.infer<typeof auditEntrySchema>

/** The fields that differ between two saved states, as text (an empty state shows as ''). */
export function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditEntryView['changes'] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const text = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value))
  return [...fields]
    .filter((field) => text(before?.[field]) !== text(after?.[field]))
    .map((field) => ({ field, before: text(before?.[field]), after: text(after?.[field]) }))
}

export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'sales', 'updated'] as const
export const listAdminProductsQuerySchema = z.object({
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search must be at most 200 characters').optional(),
  status: z.enum(['all', 'active', 'archived'], { error: 'status must be one of all, active, archived' }).default('all'),
  sortBy: z.enum(ADMIN_PRODUCT_SORTS, { error: `sortBy must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).default('updated'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
})

export const PRODUCT_ADMIN_MESSAGES = {
  notFound: 'Product not found',
  changed: 'This product was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  unknownCategory: 'Choose one of the store\u2019s categories',
  noFile: 'Add the product file before making the product active: every buyer must get a file',
} as const

/** The most products one bulk change takes: a console page's worth. */
const BULK_STATUS_MAX = 100
const PRODUCT_STATUSES = ['active', 'archived'] as const

/** Archive or activate several products at once; every id must be a product, or nothing changes. */
export const bulkProductStatusSchema = z.strictObject({
  ids: z
    .array(recordId('Each id'), { error: 'ids must be a list of product ids' })
    .min(1, 'Choose at least one product')
    .max(BULK_STATUS_MAX, `Choose at most ${BULK_STATUS_MAX} products at once`),
  status: z.enum(PRODUCT_STATUSES, { error: 'status must be active or archived' }),
})
export type BulkProductStatus = z.infer<typeof bulkProductStatusSchema>

/** How many of the chosen products changed (those already in that status are left as they are). */
export const bulkProductStatusResultSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() })
export type BulkProductStatusResult = z.infer<typeof bulkProductStatusResultSchema>

export const BULK_STATUS_MESSAGES = {
  unknown: (count: number) =>
    `${count === 1 ? 'One of the chosen products does not exist' : `${count} of the chosen products do not exist`}: nothing was changed`,
  /** A product without its file cannot be sold: activating it would take money for nothing to download. */
  noFile: (names: string[]) => `Add the product file before making these products active: ${names.join(', ')}. Nothing was changed`,
} as const

/** The copy's name: "Dusty Tape Drums (copy)", cut so it stays within the form's 120 characters. */
export function copyNameOf(name: string): string {
  const suffix = ' (copy)'
  return `${name.slice(0, 120 - suffix.length)}${suffix}`
}
