/**
 * The owner's orders: the list (filtered by status, buyer email and date), one order with
 * everything support needs (items and their remaining downloads, amounts, the payment
 * provider's ids, refunds, disputes, the download log, the audit trail), and the actions on it.
 */
import { z } from 'zod'
import { auditEntrySchema } from './admin-products.ts'
import { orderStatusSchema } from './checkout.ts'
import { itemAccessSchema } from './downloads.ts'

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD')
  .optional()
  .or(z.literal('').transform(() => undefined))

export const listAdminOrdersQuerySchema = z
  .object({
    status: orderStatusSchema.optional().or(z.literal('').transform(() => undefined)),
    email: z.string().trim().max(200).optional(),
    /** First day, inclusive (UTC). */
    from: day,
    /** Last day, inclusive (UTC). */
    to: day,
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
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

export const adminOrderListSchema = z.object({ data: z.array(adminOrderSummarySchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })

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
  /** The whole order (what is left of it) can be refunded. */
  refundable: z.boolean(),
  items: z.array(adminOrderItemSchema),
  refunds: z.array(z.object({ id: z.string(), amountCents: z.number().int(), status: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
  disputes: z.array(z.object({ id: z.string(), amountCents: z.number().int(), status: z.string(), reason: z.string().nullable(), openedAt: z.string(), closedAt: z.string().nullable() })),
  downloads: z.array(z.object({ at: z.string(), orderItemId: z.string().nullable(), productName: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() })),
  history: z.array(auditEntrySchema),
})
export type AdminOrder = z.infer<typeof adminOrderSchema>

export const refundOrderBodySchema = z.object({
  /** The items to refund; none named refunds everything not refunded yet. */
  orderItemIds: z.array(z.string().max(100)).max(100).optional(),
  reason: z.string().trim().max(500).optional(),
})

export const addDownloadsBodySchema = z.object({
  downloads: z.coerce.number({ error: 'Downloads to add must be a whole number from 1 to 100' }).int('Downloads to add must be a whole number from 1 to 100').min(1, 'Downloads to add must be a whole number from 1 to 100').max(100, 'Downloads to add must be a whole number from 1 to 100'),
})

export const ORDER_ADMIN_MESSAGES = {
  notFound: 'Order not found',
  itemNotFound: 'This item is not part of the order',
  notDownloadable: 'Downloads can only be added to an item of a paid order that is not refunded or disputed',
} as const
