/**
 * The owner's orders: the list (filtered by status, buyer email and date), one order with
 * everything support needs (items and their remaining downloads, amounts, the payment
 * provider's ids, refunds, disputes, the download log, the audit trail), and the actions on it.
 */
import { z } from 'zod'
import { auditEntrySchema } from './admin-products.ts'
import { ORDER_STATUSES, orderStatusSchema } from './checkout.ts'
import { itemAccessSchema } from './downloads.ts'
import { emptyAsAbsent, optionalCalendarDate, queryInteger, recordId, wholeNumber } from './strict-input.ts'
import { taxDocumentLinkSchema } from './tax-documents.ts'

export const listAdminOrdersQuerySchema = z
  .object({
    status: emptyAsAbsent(z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })),
    email: z.string({ error: 'email must be text' }).trim().max(200, 'email must be at most 200 characters').optional(),
    /** First day, inclusive (UTC). */
    from: optionalCalendarDate('from'),
    /** Last day, inclusive (UTC). */
    to: optionalCalendarDate('to'),
    limit: queryInteger('limit', 1, 100).default(25),
    offset: queryInteger('offset', 0, 100_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The last day must not be before the first' })
export type AdminOrdersQuery = z.infer<typeof listAdminOrdersQuerySchema>

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  customerEmail: z.string(),
  totalAmountCents: z.number().int(),
  refundedCents: z.number().int(),
  items: z.number().int(),
  createdAt: z.string(),
})
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>

export const adminOrderListSchema = z.object({
  data: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const adminOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  downloadLimit: z.number().int(),
  downloadsRemaining: z.number().int(),
  access: itemAccessSchema,
  /** The item can still be refunded on its own. */
  refundable: z.boolean(),
  /** A refund of it was asked of the payment provider and has not come back yet. */
  refundPending: z.boolean(),
  /** What refunding this item alone pays back now (its share of the discount and tax counted); 0 when it cannot be refunded. */
  refundCents: z.number().int(),
  /** The bundle this item came with (its price is the bundle's line, its refund the bundle's); absent for an item bought on its own. */
  includedIn: z.string().optional(),
})

/** What the checkout collected, as the owner reads it: the country and region by name (older orders kept the country's name only). */
export const adminBillingDetailsSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  apartment: z.string().nullable(),
  city: z.string().nullable(),
  /** The region's name where the country has a list ("Ontario"), else as typed. */
  region: z.string().nullable(),
  /** The region's code as kept ("ON"); null when the region is not one of a list. */
  regionCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2; null for an order kept before codes whose country name is unknown. */
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
})
export type AdminBillingDetails = z.infer<typeof adminBillingDetailsSchema>

/** A refund of an order as the console shows it (the order's page and its customer's page). */
export const orderRefundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
})

/** A dispute (chargeback) of an order as the console shows it. */
export const orderDisputeSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
})

export const adminOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  customerEmail: z.string(),
  userId: z.string().nullable(),
  checkoutType: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalAmountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  paymentProvider: z.string(),
  paymentSessionId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The billing details collected at checkout; null when none were (Buy Now before countries were asked). */
  billingDetails: adminBillingDetailsSchema.nullable(),
  /** The whole order (what is left of it) can be refunded. */
  refundable: z.boolean(),
  items: z.array(adminOrderItemSchema),
  refunds: z.array(orderRefundSchema),
  disputes: z.array(orderDisputeSchema),
  /** Each download granted, with the product file version it served (null for downloads logged before versions). */
  downloads: z.array(
    z.object({
      at: z.string(),
      orderItemId: z.string().nullable(),
      productName: z.string(),
      fileVersion: z.number().int().nullable(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  history: z.array(auditEntrySchema),
  /** The order's private links (a guest's receipt, "Find my order"), newest first, with the downloads made through each. */
  accessLinks: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      revokedAt: z.string().nullable(),
      /** The admin who revoked it. */
      revokedBy: z.string().nullable(),
      downloads: z.number().int(),
    }),
  ),
  /** The order's invoice and credit notes, with the owner's PDF addresses. */
  documents: z.array(taxDocumentLinkSchema).optional(),
})
export type AdminOrder = z.infer<typeof adminOrderSchema>

export const refundOrderBodySchema = z.strictObject({
  /** The items to refund; none named refunds everything not refunded yet. */
  orderItemIds: z
    .array(recordId('orderItemIds'), { error: 'orderItemIds must be a list of item ids' })
    .max(100, 'orderItemIds must name at most 100 items')
    .optional(),
  reason: z.string({ error: 'reason must be text' }).trim().max(500, 'reason must be at most 500 characters').optional(),
})

export const addDownloadsBodySchema = z.strictObject({
  downloads: wholeNumber('Downloads to add', 1, 100),
})

export const ORDER_ADMIN_MESSAGES = {
  notFound: 'Order not found',
  itemNotFound: 'This item is not part of the order',
  notDownloadable: 'Downloads can only be added to an item of a paid order that is not refunded or disputed',
  noLiveLinks: 'This order has no private links left to revoke',
} as const
