/**
 * An order's invoice and credit notes as download links ("Invoice 2026-000123 (PDF)"), each to
 * the PDF address its reader may open: the order history's for a signed-in buyer, the private
 * link's for a guest.
 */
import { taxDocumentTitle, type TaxDocumentLink } from '../../../shared/contract/tax-documents.ts'

export function TaxDocumentLinks({ documents, className }: { documents: readonly TaxDocumentLink[]; className: string }) {
  return documents.map((document) => (
    <a key={document.id} href={document.pdfPath} download className={className}>
      {taxDocumentTitle(document)} (PDF)
    </a>
  ))
}
