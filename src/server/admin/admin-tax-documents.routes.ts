/**
 * The owner opens any order's invoice or credit note as a PDF:
 * GET /api/admin/orders/:id/documents/:documentId.pdf (the order's page lists them). Reading
 * changes nothing, so nothing is audited.
 */
import contentDisposition from 'content-disposition'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TAX_DOCUMENT_MESSAGES } from '../../shared/contract/tax-documents.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import type { TaxDocumentsService } from '../tax/tax-documents.service.ts'

const params = z.object({ id: recordId('id'), documentId: recordId('documentId') })

export function adminTaxDocumentsRoutes({ taxDocuments }: { taxDocuments: Pick<TaxDocumentsService, 'documentPdf'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/orders/:id/documents/:documentId.pdf',
      {
        schema: { tags: ['admin'], summary: "One of an order's invoices or credit notes, as a PDF", params },
        config: { failureMessage: TAX_DOCUMENT_MESSAGES.pdfFailed },
      },
      async (request, reply) => {
        const { fileName, pdf } = await taxDocuments.documentPdf(request.params.id, request.params.documentId)
        return reply.type('application/pdf').header('Content-Disposition', contentDisposition(fileName)).send(pdf)
      },
    )
  }
}
