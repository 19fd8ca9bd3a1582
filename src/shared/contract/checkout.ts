/**
 * The checkout and orders HTTP contract: the create-checkout-session body and answer, the
 * messages the server gives (the client chooses the text it shows by each error's code), the order views
 * of `/api/orders` and the success page's lookup. Prices sent by a client are dropped.
 */
import { z } from 'zod'
import { MAX_CART_LINES } from '../cart-rules.ts'
import { itemAccessSchema } from './downloads.ts'
import { CHECKOUT_ERROR_CODES } from './checkout-codes.ts'
import { liveFileVersionSchema } from './product-file-versions.ts'
import { taxDocumentLinkSchema } from './tax-documents.ts'

export { CHECKOUT_ERROR_CODES }

export const CHECKOUT_SERVER_MESSAGES = {
  userIdRequired: 'User ID is required for cart checkout',
  buyerRequired: 'Either user ID or customer email is required',
  itemsRequired: 'Items are required for direct checkout',
  productIdRequired: 'Product ID is required',
  quantityMin: 'Quantity must be at least 1',
  cartEmpty: 'Cart is empty',
  productsInvalid: 'Some products are invalid',
  invalidEmail: 'Please enter a valid email address',
  invalidPromo: 'Invalid or expired promo code',
  promoAlreadyUsed: 'You have already used this promo code',
  replaced: 'This checkout was replaced by a newer one. Please try again.',
  busy: 'Another checkout is still being prepared. Please try again.',
  createFailed: 'Failed to create checkout session',
  orderNotFound: 'Order not found',
  notAwaitingPayment: 'This order is no longer awaiting payment',
  fetchOrders: 'Failed to fetch orders',
  fetchOrder: 'Failed to fetch order',
  invalidSignature: 'Invalid webhook signature',
  webhookFailed: 'Failed to process payment event',
  /** In a tax mode that depends on where the buyer is, checkout cannot price without the country. */
  countryRequired: 'Choose your country: the tax you pay depends on it.',
  vatNumberMalformed: (country: string) => `This VAT number doesn't look right for ${country}. Check it, or leave the field empty to buy without one.`,
  freeProduct: (name: string) => `${name} is free: use "Get it free" on its page to have it sent to your email.`,
  alreadyInBundle: (item: string, bundle: string) => `${item} is already in ${bundle}: remove one of them from your cart.`,
  vatNumberUnregistered: "The EU's VAT register does not know this VAT number. Check it, or leave the field empty to buy without one.",
} as const

const text = (max: number) => z.string().trim().max(max)

export const billingDetailsSchema = z.object({
  email: text(320).optional(),
  firstName: text(200).optional(),
  lastName: text(200).optional(),
  company: text(200).optional(),
  address: text(500).optional(),
  apartment: text(200).optional(),
  city: text(200).optional(),
  /** ISO 3166-1 alpha-2; checked, with the region and postal code, by the shared address rules (400 INVALID_ADDRESS). */
  countryCode: text(10).optional(),
  /** The country's name, for display; the server derives it from the code. Older clients sent only this. */
  country: text(100).optional(),
  /** The region's code ("ON") where the country has regions. */
  state: text(200).optional(),
  postalCode: text(40).optional(),
  phone: text(60).optional(),
  /** A business buyer's VAT number, with or without its country prefix; in the EU a valid one from another country than the seller's is reverse-charged. */
  vatNumber: text(40).optional(),
})

// Required-ness is checked by the service in the order the checkout form expects, so each line only pins types here.
export const checkoutItemSchema = z.object({
  productId: z.string({ error: CHECKOUT_SERVER_MESSAGES.productIdRequired }).max(200, { error: CHECKOUT_SERVER_MESSAGES.productsInvalid }).nullish(),
  quantity: z.number({ error: CHECKOUT_SERVER_MESSAGES.quantityMin }).nullish(),
  licenseType: z.string().max(100).nullish(),
  /** Pay what you want: the buyer's amount for one unit, integer cents; the server checks it against the minimum. */
  chosenPriceCents: z.number().int().min(0).max(10_000_000).nullish(),
})

export const createCheckoutSessionBodySchema = z.object({
  items: z
    .array(checkoutItemSchema, { error: CHECKOUT_SERVER_MESSAGES.itemsRequired })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` })
    .nullish(),
  promoCode: z.string().max(100, { error: CHECKOUT_SERVER_MESSAGES.invalidPromo }).nullish(),
  checkoutType: z.enum(['cart', 'direct'], { error: 'Checkout type must be cart or direct' }).default('cart'),
  /**
   * Optional: a signed-in shopper's checkout is always their own order. Kept so older clients
   * that send it still work; naming another user than the session's is refused (401).
   */
  userId: z.string().max(200).nullish(),
  customerEmail: z.string().max(320, { error: CHECKOUT_SERVER_MESSAGES.invalidEmail }).nullish(),
  /** Must be on the store's own origin, else the default is used. */
  successUrl: z.string().max(2000).nullish(),
  cancelUrl: z.string().max(2000).nullish(),
  /** `hosted` (default): answer `url`; `embedded`: answer `client_secret`. */
  uiMode: z.enum(['hosted', 'embedded']).default('hosted'),
  billingDetails: billingDetailsSchema.nullish(),
})
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBodySchema>
/** The body after parsing (defaults applied). */
export type CheckoutSessionBody = z.output<typeof createCheckoutSessionBodySchema>

/** The order's figures as the server priced them with the buyer's tax: what a summary shows once the session exists. */
export const checkoutTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** How the tax line is named: "Estimated tax (8%)", "VAT 19%", "VAT reverse charge". */
  taxLabel: z.string(),
  /** The prices hold the tax ("Includes VAT 19%"): it is not added to the total. */
  taxIncluded: z.boolean(),
})
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>

export const checkoutSessionResponseSchema = z.object({
  sessionId: z.string(),
  /** Hosted mode: the payment page to send the shopper to. */
  url: z.string().nullable(),
  /** Embedded mode: the secret the payment form is started with. */
  client_secret: z.string().nullable(),
  orderId: z.string(),
  /** The order's figures, which the page shows from then on (the server may know better: a VAT number's register check, a new rate). */
  totals: checkoutTotalsSchema.optional(),
})
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>

export const resumeCheckoutQuerySchema = z.object({ uiMode: z.enum(['hosted', 'embedded']).default('hosted') })

/**
 * An order's life: PENDING until paid (COMPLETED) or ended unpaid (FAILED, CANCELLED); after
 * the sale a refund makes it PARTIALLY_REFUNDED or REFUNDED, and a dispute of its payment DISPUTED.
 */
export const ORDER_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DISPUTED'] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
/** Orders that were paid: whatever happened since (refunds, disputes), their items are the buyer's record. */
export const PAID_ORDER_STATUSES = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'DISPUTED'] as const satisfies readonly (typeof ORDER_STATUSES)[number][]
export type OrderStatusValue = z.infer<typeof orderStatusSchema>

export const orderItemViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price paid. */
  priceCents: z.number().int(),
  downloadLimit: z.number().int(),
  downloadsRemaining: z.number().int(),
  /** Whether the item can still be downloaded (refunds and disputes stop it), and why not. */
  access: itemAccessSchema,
  /** The product's file version a download serves now; null before the product has a file. */
  fileVersion: liveFileVersionSchema.nullable(),
  /** The bundle this item came with (its price is paid on the bundle's line); absent for an item bought on its own. */
  includedIn: z.string().optional(),
})

export const orderViewSchema = z.object({
  id: z.string(),
  /** Last 8 characters of the id, uppercase. */
  orderNumber: z.string(),
  status: orderStatusSchema,
  checkoutType: z.enum(['cart', 'direct']),
  customerEmail: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalAmountCents: z.number().int(),
  /** What was given back by refunds so far. */
  refundedCents: z.number().int(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The code of the order's licence certificate, while it is paid and some item is still licensed. */
  licenceCode: z.string().nullable(),
  items: z.array(orderItemViewSchema),
  /** The order's invoice and credit notes, with the buyer's PDF addresses. */
  documents: z.array(taxDocumentLinkSchema).optional(),
})
export type OrderView = z.infer<typeof orderViewSchema>

export const ORDERS_MAX_PAGE_SIZE = 100
export const ORDERS_DEFAULT_PAGE_SIZE = 10

export const listOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(ORDERS_DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const listOrdersResponseSchema = z.object({ data: z.array(orderViewSchema), hasMore: z.boolean() })
export const orderResponseSchema = z.object({ data: orderViewSchema })

/** What the payment success page shows: the order behind a payment session. */
export const sessionOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  /** How the tax line is named ("VAT 19%"); the flat estimate's name when absent. */
  taxLabel: z.string().optional(),
  /** The prices hold the tax: it shows as "Includes …", not added to the total. */
  taxIncluded: z.boolean().optional(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  email: z.string(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), priceCents: z.number().int() })),
  /** A paid guest order's private page (`/orders/access/{token}`), where its files download; null for an account's order or one not paid. */
  accessPath: z.string().nullable(),
})
export type SessionOrder = z.infer<typeof sessionOrderSchema>
/** Where the success page asks for the order behind a payment session (`{prefix}/{sessionId}`); the checkout claim's cookie is sent only here. */
export const ORDER_BY_SESSION_PATH_PREFIX = '/api/orders/by-session'

export const sessionOrderResponseSchema = z.object({ data: sessionOrderSchema })

/** Order number as shoppers see it: the id's last 8 characters, uppercase. */
export function orderNumberOf(orderId: string): string {
  return orderId.slice(-8).toUpperCase()
}
