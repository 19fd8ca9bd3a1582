/**
 * The cart's HTTP contract: the server cart (`/api/cart`) and promo validation
 * (`/api/promo-codes/validate`). Requests carry product ids and quantities, and for a
 * pay-what-you-want product the shopper's own amount; every other price comes from the database.
 */
import { z } from 'zod'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart-rules.ts'
import { productSchema } from './catalog.ts'
import { CART_ERROR_MESSAGES } from './cart-messages.ts'

export { CART_ERROR_MESSAGES }

// Messages are whole sentences: routes answer a validation failure with the schema's own text.
const productIdSchema = z
  .string({ error: 'Product ID is required' })
  .trim()
  .min(1, { error: 'Product ID is required' })
  .max(100, { error: 'Product not found' })

const QUANTITY_WHOLE = 'Quantity must be a whole number'
const QUANTITY_TOO_BIG = `Quantity cannot be more than ${MAX_LINE_QUANTITY}`

/** A quantity to add or store: a whole number from 1 to MAX_LINE_QUANTITY. */
const positiveQuantitySchema = z
  .number({ error: QUANTITY_WHOLE })
  .int({ error: QUANTITY_WHOLE })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(MAX_LINE_QUANTITY, { error: QUANTITY_TOO_BIG })

const CHOSEN_PRICE_WHOLE = 'Your price must be a whole number of cents'

/** Pay what you want: the shopper's amount for one unit, integer cents; the server checks it against the product's minimum (400 PRICE_BELOW_MINIMUM). */
const chosenPriceSchema = z
  .number({ error: CHOSEN_PRICE_WHOLE })
  .int({ error: CHOSEN_PRICE_WHOLE })
  .min(0, { error: CHOSEN_PRICE_WHOLE })
  .max(10_000_000, { error: CHOSEN_PRICE_WHOLE })

export const cartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  licenseType: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The product as the catalog serves it, with its category: the line's price is product.priceCents, */
  product: productSchema,
  /** or, for a pay-what-you-want product, the shopper's amount for one unit (null for a fixed price). */
  chosenPriceCents: z.number().int().nullable(),
})
export type CartLine = z.infer<typeof cartLineSchema>

export const cartResponseSchema = z.object({ data: z.array(cartLineSchema) })
export type CartResponse = z.infer<typeof cartResponseSchema>
export const cartLineResponseSchema = z.object({ data: cartLineSchema })
/** After an update: the line, or null when the quantity removed it. */
export const cartLineOrNullResponseSchema = z.object({ data: cartLineSchema.nullable() })

export const addCartItemBodySchema = z.object({
  productId: productIdSchema,
  quantity: positiveQuantitySchema.default(1),
  /** Required for a pay-what-you-want product; adding it again replaces the line's amount. Ignored for a fixed price. */
  chosenPriceCents: chosenPriceSchema.nullish(),
})
export type AddCartItemBody = z.input<typeof addCartItemBodySchema>

export const updateCartItemBodySchema = z
  .object({
    /** 0 or less removes the line. */
    quantity: z
      .number({ error: QUANTITY_WHOLE })
      .int({ error: QUANTITY_WHOLE })
      .min(-1_000_000, { error: QUANTITY_WHOLE })
      .max(MAX_LINE_QUANTITY, { error: QUANTITY_TOO_BIG })
      .optional(),
    /** Pay what you want: the line's new amount for one unit. */
    chosenPriceCents: chosenPriceSchema.optional(),
  })
  // An amount alone changes the price and keeps the quantity; anything else must say the quantity.
  .refine((body) => body.quantity !== undefined || body.chosenPriceCents !== undefined, { error: QUANTITY_WHOLE, path: ['quantity'] })
export type UpdateCartItemBody = z.input<typeof updateCartItemBodySchema>

export const cartItemParamsSchema = z.object({ productId: z.string().max(100) })

export const replaceCartBodySchema = z.object({
  items: z
    .array(z.object({ productId: productIdSchema, quantity: positiveQuantitySchema, chosenPriceCents: chosenPriceSchema.nullish() }), {
      error: 'Items must be a list of cart lines',
    })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
})
export type ReplaceCartBody = z.input<typeof replaceCartBodySchema>

export const validatePromoBodySchema = z.object({
  code: z.string({ error: CART_ERROR_MESSAGES.promoRequired }).max(100, { error: CART_ERROR_MESSAGES.invalidPromo }),
  /** The cart's lines the code is checked against (its minimum subtotal), priced by the server; none is an empty cart. */
  items: z
    .array(z.object({ productId: productIdSchema, quantity: positiveQuantitySchema, chosenPriceCents: chosenPriceSchema.nullish() }), {
      error: 'Items must be a list of cart lines',
    })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` })
    .default([]),
})
export type ValidatePromoBody = z.input<typeof validatePromoBodySchema>
/** A code's discount as the cart prices it with priceCart (src/shared/pricing.ts): a CodeDiscount. */
export const codeTermsSchema = z.object({
  /** Whole percent off the covered lines; null for a fixed-amount code. */
  percentOff: z.number().int().min(1).max(100).nullable(),
  /** Cents off the covered lines' sum; null for a percent code. */
  amountOffCents: z.number().int().positive().nullable(),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  excludeSaleItems: z.boolean(),
  /** What was left of the code's budget when it was applied, in cents; null: no budget (checkout reads it again). */
  budgetLeftCents: z.number().int().min(0).nullable(),
})
export type CodeTerms = z.infer<typeof codeTermsSchema>

export const validatePromoResponseSchema = z.object({
  /** The code as stored: trimmed and uppercase. */
  code: z.string(),
  /** Fraction of the covered lines taken off: 0.1 for 10 % (0 for a fixed-amount code). */
  discount: z.number(),
  /** The subtotal the code needs (0: none), so the cart drops the discount when a line removed takes it below. */
  minSubtotalCents: z.number().int(),
  /** What the code takes off which lines, so the cart computes the discount checkout charges. */
  terms: codeTermsSchema,
  /** For a limited code, the sentence naming what it applies to ("SPRING applies to Drum Kits only"), shown when no line is covered; else null. */
  scope: z.string().nullable(),
})
export type ValidatedPromo = z.infer<typeof validatePromoResponseSchema>
