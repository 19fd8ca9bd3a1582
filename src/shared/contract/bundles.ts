/**
 * Bundles over HTTP: the owner sets what a bundle holds and its floor
 * (`GET|PUT /api/admin/products/:id/bundle`), the store lists what a bundle holds
 * (`GET /api/products/:id/bundle-items`, public and cached) and tells a signed-in buyer what
 * completes it for them (`GET /api/products/:id/bundle-offer`, personal). The completion rule
 * itself is src/shared/bundles.ts.
 */
import { z } from 'zod'
import { productListItemSchema } from './catalog.ts'
import { recordId, wholeNumber } from './strict-input.ts'
import { BUNDLE_MESSAGES, MAX_BUNDLE_ITEMS } from './bundle-messages.ts'

export { BUNDLE_MESSAGES }

/** The highest floor the owner may type: $100,000.00, as the product form's highest price. */
export const MAX_BUNDLE_FLOOR_CENTS = 10_000_000

/** The owner's save: the products the bundle holds, in the order its page lists them (none: no longer a bundle), and its floor. */
export const bundleSaveSchema = z.strictObject({
  productIds: z.array(recordId('productIds')).max(MAX_BUNDLE_ITEMS, BUNDLE_MESSAGES.tooMany),
  /** The least "complete the bundle" may ask, in cents; null: no floor (0). */
  floorCents: wholeNumber('floorCents', 0, MAX_BUNDLE_FLOOR_CENTS).nullable(),
})
export type BundleSave = z.infer<typeof bundleSaveSchema>

/** A bundle as its owner's panel shows it. */
export const adminBundleSchema = z.object({
  productId: z.string(),
  isBundle: z.boolean(),
  /** The bundle's own price (the product form's), in cents. */
  priceCents: z.number().int(),
  floorCents: z.number().int().nullable(),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      active: z.boolean(),
    }),
  ),
})
export type AdminBundle = z.infer<typeof adminBundleSchema>
export const adminBundleResponseSchema = z.object({ data: adminBundleSchema })

/** What a bundle holds, in the owner's order, as product list items (cover, name, price, preview). */
export const bundleItemsResponseSchema = z.object({ data: z.array(productListItemSchema) })

/** "You own 2 of 5: complete the bundle for $24.00": what the signed-in buyer owns of it and pays for it now. */
export const bundleOfferSchema = z.object({
  ownedCount: z.number().int(),
  itemCount: z.number().int(),
  priceCents: z.number().int(),
})
export type BundleOfferView = z.infer<typeof bundleOfferSchema>
export const bundleOfferResponseSchema = z.object({ data: bundleOfferSchema })
