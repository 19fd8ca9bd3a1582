/**
 * The owner's view of an order's invoice and credit notes: each one's number, the day it was
 * issued and what it bills (or gives back), opening as the PDF the buyer got. A paid order
 * without an invoice was paid before the store issued them, and says so.
 */
import type { AdminOrder } from '../../../../shared/contract/admin-orders.ts'
import { taxDocumentTitle } from '../../../../shared/contract/tax-documents.ts'
import { formatDate } from '../../../../shared/dates.ts'
import { formatPrice } from '../../../../shared/money.ts'

export function TaxDocumentsPanel({ order }: { order: Pick<AdminOrder, 'completedAt' | 'documents'> }) {
  const documents = order.documents ?? []
  if (documents.length === 0 && !order.completedAt) return null
  return (
    <section aria-labelledby="order-tax-documents" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id="order-tax-documents" className="text-base font-semibold text-white">
        Invoice and credit notes
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">This order was paid before the store issued invoices, so it has none.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
              <a href={document.pdfPath} download className="rounded-sm font-medium text-brand-300 hover:text-brand-200">
                {taxDocumentTitle(document)} (PDF)
              </a>
              <span className="text-zinc-400">
                <time dateTime={document.issuedAt}>{formatDate(document.issuedAt)}</time> ·{' '}
                <span className="text-zinc-200 tabular-nums">
                  {document.kind === 'credit_note' ? '−' : ''}
                  {formatPrice(document.grossCents)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
