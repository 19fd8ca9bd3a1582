/**
 * What orders ask of the capabilities built on them, declared here by the shape orders use: an
 * order's tax documents (tax/tax-documents.service.ts) and its licence keys
 * (licence-keys/licence-keys.service.ts). Those capabilities name orders (an order, its items and
 * refunds, its billing details) and call orders' services; orders never import them back, not even
 * a type, so no circle joins the folders. app.ts and the flows hand over the real services, which
 * fit these shapes; each consumer takes the `Pick<>` it calls.
 */
import type { TaxDocumentLink } from '../../shared/contract/tax-documents.ts'
import type { Executor } from '../db/client.ts'
import type { ItemAccess, OrderRefundRow } from './orders.schema.ts'

/** An order's invoice and credit notes. */
export interface OrderTaxDocuments {
  /** The order's invoice (its id and number), or null: the receipt links to it. */
  invoiceOf(tx: Executor, orderId: string): Promise<{ id: string; number: string } | null>
  /** A credit note for each succeeded refund of the order that has none yet, in the settling transaction (the order's row locked). */
  issueCreditNotes(tx: Executor, credited: { orderId: string; refunds: readonly OrderRefundRow[] }): Promise<unknown>
  /** The documents of these orders in one query, each order's invoice first; `pdfPathOf` names the PDF address the reader may open. */
  documentsOfOrders(orderIds: readonly string[], pdfPathOf: (orderId: string, documentId: string) => string): Promise<Map<string, TaxDocumentLink[]>>
}

/** An order's licence keys and the serials it reserved. */
export interface OrderLicenceKeys {
  /** Creates the keys of a paid order's items, one per unit, in the paying transaction. */
  assignKeys(tx: Executor, orderId: string, items: readonly { id: string; productId: string; quantity: number }[]): Promise<void>
  /** Brings the items' keys to their items' access (the reason: refunded, dispute_open, dispute_lost, or null when active), in the transaction that settled it. */
  followItemAccess(tx: Executor, items: readonly { orderItemId: string; access: ItemAccess; accessReason: string | null }[]): Promise<void>
  /** The texts of the items' keys that still work, per item (null: a serial still owed), for the receipt. */
  keyTextsOfItems(tx: Executor, orderItemIds: readonly string[]): Promise<Map<string, (string | null)[]>>
  /** A pending order ended unpaid: its serials are free again (an assigned serial never is). */
  releaseReservations(tx: Executor, orderId: string): Promise<void>
}
