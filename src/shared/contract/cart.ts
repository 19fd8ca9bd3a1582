/**
 * The cart's HTTP contract: the server cart (`/api/cart`) and promo validation
 * (`/api/promo-codes/validate`). Requests carry product ids and quantities only; prices always
 * come from the database.
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

export const cartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  licenseType: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The product as the catalog serves it, with its category: the line's price is product.priceCents. */
  product: productSchema,
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
})
export type AddCartItemBody = z.input<typeof addCartItemBodySchema>

export const updateCartItemBodySchema = z.object({
  /** 0 or less removes the line. */
  quantity: z
    .number({ error: QUANTITY_WHOLE })
    .int({ error: QUANTITY_WHOLE })
    .min(-1_000_000, { error: QUANTITY_WHOLE })
    .max(MAX_LINE_QUANTITY, { error: QUANTITY_TOO_BIG }),
})

export const cartItemParamsSchema = z.object({ productId: z.string().max(100) })

export const replaceCartBodySchema = z.object({
  items: z
    .array(z.object({ productId: productIdSchema, quantity: positiveQuantitySchema }), { error: 'Items must be a list of cart lines' })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
})
export type ReplaceCartBody = z.input<typeof replaceCartBodySchema>

export const validatePromoBodySchema = z.object({
  code: z.string({ error: CART_ERROR_MESSAGES.promoRequired }).max(100, { error: CART_ERROR_MESSAGES.invalidPromo }),
  /** The cart's lines the code is checked against (its minimum subtotal), priced by the server; none is an empty cart. */
  items: z
    .array(z.object({ productId: productIdSchema, quantity: positiveQuantitySchema }), { error: 'Items must be a list of cart lines' })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` })
    .default([]),
})
export type ValidatePromoBody = z.input<typeof validatePromoBodySchema>
export const validatePromoResponseSchema = z.object({
  /** The code as stored: trimmed and uppercase. */
  code: z.string(),
  /** Fraction of the subtotal taken off: 0.1 for 10 %. */
  discount: z.number(),
  /** The subtotal the code needs (0: none), so the cart drops the discount when a line removed takes it below. */
  minSubtotalCents: z.number().int(),
})
export type ValidatedPromo = z.infer<typeof validatePromoResponseSchema>
