/**
 * The owner's customers: the list (who paid, how often, for how much; found by email or name) and
 * one customer's page (their orders and items with the downloads left, refunds and disputes, what
 * they paid, the emails the store sent them), and correcting a buyer's email.
 *
 * A customer is an account or a guest, and its key in the address (`/admin/customers/:key`,
 * `/api/admin/customers/:id`) says which: an account is its account id (Better Auth's, letters and
 * digits); a guest, who has no account, is `guest-` followed by their email, lower-cased and
 * base64url-encoded (so the key has no `@`, `+` or `/` to escape, and one address is one key
 * whatever its case). An account's page also holds the guest orders placed with its address that
 * have not joined it yet.
 */
import { z } from 'zod'
import { orderStatusSchema } from './checkout.ts'
import { orderDisputeSchema, orderRefundSchema } from './admin-orders.ts'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'
import { itemAccessSchema } from './downloads.ts'
import { queryInteger } from './strict-input.ts'

const GUEST_PREFIX = 'guest-'

export const CUSTOMER_MESSAGES = {
  notFound: 'Customer not found',
  emailTaken: 'Another account already uses this email address',
  emailUnchanged: 'This is already the customer’s email address',
} as const

export type CustomerRef = { kind: 'account'; userId: string } | { kind: 'guest'; email: string }

function base64url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The key of a guest customer: their address, compared in lower case. */
export const guestCustomerKey = (email: string) => `${GUEST_PREFIX}${base64url(email.trim().toLowerCase())}`

/** The key of a list row: the account when the buyer has one, else the guest's address. */
export const customerKeyOf = ({ userId, email }: { userId: string | null; email: string }) => userId ?? guestCustomerKey(email)

/** Which customer a key names; null for a key that names none (a malformed guest key). */
export function customerRefOf(key: string): CustomerRef | null {
  if (!key.startsWith(GUEST_PREFIX)) return { kind: 'account', userId: key }
  try {
    const binary = atob(key.slice(GUEST_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/'))
    const email = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
    return isValidEmail(email) && email === email.toLowerCase() ? { kind: 'guest', email } : null
  } catch {
    return null
  }
}

export const CUSTOMERS_MAX_PAGE_SIZE = 100

export const listCustomersQuerySchema = z.object({
  /** Part of an email address or of a name (the account's, or the one given at checkout). */
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search must be at most 200 characters').optional(),
  limit: queryInteger('limit', 1, CUSTOMERS_MAX_PAGE_SIZE).default(25),
  offset: queryInteger('offset', 0, 1_000_000).default(0),
})
export type CustomersQuery = z.infer<typeof listCustomersQuerySchema>

export const customerSchema = z.object({
  /** Opens the customer's page: `/admin/customers/{key}`. */
  key: z.string(),
  email: z.string(),
  /** The account's name, else the newest name given at checkout; empty when none was. */
  name: z.string(),
  /** The account, or null for a guest who bought with this email. */
  userId: z.string().nullable(),
  orders: z.number().int(),
  /** Paid less refunded, without tax, over every paid order (as the dashboard counts revenue). */
  spentCents: z.number().int(),
  lastOrderAt: z.string(),
})
export type Customer = z.infer<typeof customerSchema>
export const listCustomersResponseSchema = z.object({ data: z.array(customerSchema), total: z.number().int(), hasMore: z.boolean() })

/** The `:id` of a customer's routes: an account id or a guest key (see the top of this file). */
export const customerParamsSchema = z.object({
  id: z
    .string({ error: 'id must be a customer key' })
    .min(1, 'id must be a customer key')
    .max(400, 'id must be a customer key')
    .regex(/^[A-Za-z0-9_-]+$/, 'id must be a customer key'),
})

export const customerOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  access: itemAccessSchema,
  /** Downloads made of this item (its download grants). */
  downloadsUsed: z.number().int(),
  downloadsRemaining: z.number().int(),
  lastDownloadAt: z.string().nullable(),
})

export const customerOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  /** The address the order's receipt went to. */
  customerEmail: z.string(),
  /** A guest order at the account's address that has not joined the account (its owner has not confirmed the address). */
  guest: z.boolean(),
  createdAt: z.string(),
  totalAmountCents: z.number().int(),
  taxCents: z.number().int(),
  refundedCents: z.number().int(),
  items: z.array(customerOrderItemSchema),
  refunds: z.array(orderRefundSchema),
  disputes: z.array(orderDisputeSchema),
})
export type CustomerOrder = z.infer<typeof customerOrderSchema>

export const customerEmailStatusSchema = z.enum(['queued', 'sent', 'failed'])

export const customerDetailSchema = z.object({
  key: z.string(),
  kind: z.enum(['account', 'guest']),
  email: z.string(),
  /** The account's name, else the newest name given at checkout; empty when none was. */
  name: z.string(),
  /** An account's address was confirmed by its owner (always false for a guest). */
  emailVerified: z.boolean(),
  /** When the account was made, or a guest's first order. */
  since: z.string(),
  /** Paid orders, what was paid less refunds and without tax (as the dashboard counts revenue). */
  paidOrders: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Every order, newest first (at most CUSTOMER_ORDERS_SHOWN; `ordersTotal` counts them all). */
  orders: z.array(customerOrderSchema),
  ordersTotal: z.number().int(),
  /** What the store emailed them, newest first, as the outbox holds it. */
  emails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: customerEmailStatusSchema,
      attempts: z.number().int(),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
})
export type CustomerDetail = z.infer<typeof customerDetailSchema>
export const customerResponseSchema = z.object({ data: customerDetailSchema })

/** The newest orders and emails a customer's page lists. */
export const CUSTOMER_ORDERS_SHOWN = 100
export const CUSTOMER_EMAILS_SHOWN = 50

export const changeCustomerEmailBodySchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
})

/** What the email change answers: the customer's key after it (a guest's key follows the address) and how many orders moved. */
export const changeCustomerEmailResponseSchema = z.object({ data: z.object({ key: z.string(), email: z.string(), ordersMoved: z.number().int() }) })
export type EmailCorrection = z.infer<typeof changeCustomerEmailResponseSchema>['data']
