/**
 * Private order links and "Find my order": the HTTP contract of a buyer without an account.
 * `GET /api/order-access/:token` is the order a link opens (its items as the Download Hub
 * lists them), `POST /api/order-access/:token/downloads` a counted download of one of them
 * (the body and answer of `POST /api/downloads`), and `POST /api/orders/find` emails the links
 * of an address's paid orders, answering the same sentence whatever the address.
 */
import { z } from 'zod'
import { orderStatusSchema } from './checkout.ts'
import { purchaseSchema } from './downloads.ts'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'
import { taxDocumentLinkSchema } from './tax-documents.ts'

export const ORDER_ACCESS_MESSAGES = {
  /** An unknown, altered or withdrawn link: never which of them. */
  notFound: 'This order link does not work. It may be incomplete, or it was withdrawn by the store.',
  loadFailed: 'Failed to load the order',
  /** The one answer of "Find my order", whether or not the address has orders. */
  linksSent: 'If that address has paid orders, we have emailed their links to it.',
  tooManyRequests: 'Too many requests for order links. Please wait a while before trying again.',
  findFailed: 'We could not send the order links. Please try again.',
  invalidEmail: INVALID_EMAIL_MESSAGE,
} as const

const ORDER_ACCESS_PAGE_PREFIX = '/orders/access/'
/** Where a private order link opens. */
export const orderAccessPagePath = (token: string) => `${ORDER_ACCESS_PAGE_PREFIX}${encodeURIComponent(token)}`
/** The token of a private order page's path, or null for another path. */
export const orderAccessTokenOf = (path: string): string | null =>
  path.startsWith(ORDER_ACCESS_PAGE_PREFIX) ? decodeURIComponent(path.slice(ORDER_ACCESS_PAGE_PREFIX.length)) || null : null
/** Where an account's buyer finds the files of all their orders. */
export const DOWNLOAD_HUB_PATH = '/download-hub'
/** Where an email sends a buyer for an order's files (absolute URLs): their Download Hub, or the order's private page. */
export type DownloadLink = { kind: 'hub'; url: string } | { kind: 'private'; url: string; token: string }
/** Where a buyer asks for their order links again. */
export const FIND_ORDER_PATH = '/orders/find'

export const orderAccessParamsSchema = z.object({ token: z.string().min(1).max(200) })

export const guestOrderSchema = z.object({
  orderNumber: z.string(),
  status: orderStatusSchema,
  /** The address the order was placed with: the one an account should be made with. */
  customerEmail: z.string(),
  /** The order belongs to an account: its buyer can sign in instead. */
  belongsToAccount: z.boolean(),
  createdAt: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalAmountCents: z.number().int(),
  refundedCents: z.number().int(),
  promoCode: z.string().nullable(),
  /** The licence certificate and its public check, while some item is still licensed. */
  licence: z.object({ pagePath: z.string(), pdfPath: z.string() }).nullable(),
  /** The order's items as the Download Hub lists them, each with the downloads it has left. */
  items: z.array(purchaseSchema),
  /** The order's invoice and credit notes, opened through the same private link. */
  documents: z.array(taxDocumentLinkSchema).optional(),
})
export type GuestOrder = z.infer<typeof guestOrderSchema>
export const guestOrderResponseSchema = z.object({ data: guestOrderSchema })

export const findOrdersBodySchema = z.object({
  email: z.string({ error: INVALID_EMAIL_MESSAGE }).trim().max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE).refine(isValidEmail, INVALID_EMAIL_MESSAGE),
})
export const findOrdersResponseSchema = z.object({ data: z.object({ message: z.string() }) })
