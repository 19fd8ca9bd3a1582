/**
 * Invoices and credit notes over HTTP: the documents of an order as its buyer, a guest's private
 * link and the owner's console list them, and where each one's PDF is. A buyer reaches them
 * through their order (`/api/orders/:orderId/documents`), a guest through the private link's
 * token, the owner through the console; each answer names the PDF address that reader may open.
 */
import { z } from 'zod'
import { TAX_DOCUMENT_KINDS, type TaxDocumentKind } from '../tax/tax-types.ts'

export const TAX_DOCUMENT_MESSAGES = {
  notFound: 'This invoice was not found',
  loadFailed: 'Failed to load the invoices',
  pdfFailed: 'Failed to prepare the invoice PDF',
} as const

/** How a reader names each kind of document. */
export const TAX_DOCUMENT_KIND_LABELS: Readonly<Record<TaxDocumentKind, string>> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
}

/** One invoice or credit note of an order, with the PDF address its reader may open. */
export const taxDocumentLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** `2026-000123`, `CN-2026-000007`. */
  number: z.string(),
  issuedAt: z.string(),
  /** What the document bills (an invoice) or gives back (a credit note), tax included, in cents. */
  grossCents: z.number().int(),
  currency: z.string(),
  pdfPath: z.string(),
})
export type TaxDocumentLink = z.infer<typeof taxDocumentLinkSchema>

export const taxDocumentListResponseSchema = z.object({ data: z.array(taxDocumentLinkSchema) })

/** Where each reader opens a document's PDF. */
export const buyerTaxDocumentPdfPath = (orderId: string, documentId: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(documentId)}.pdf`
export const guestTaxDocumentPdfPath = (token: string, documentId: string) =>
  `/api/order-access/${encodeURIComponent(token)}/documents/${encodeURIComponent(documentId)}.pdf`
export const ownerTaxDocumentPdfPath = (orderId: string, documentId: string) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(documentId)}.pdf`

/** "Invoice 2026-000123", "Credit note CN-2026-000007". */
export const taxDocumentTitle = (document: Pick<TaxDocumentLink, 'kind' | 'number'>) => `${TAX_DOCUMENT_KIND_LABELS[document.kind]} ${document.number}`
