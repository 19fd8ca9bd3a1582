// @vitest-environment happy-dom
/** The owner's order page lists the order's invoice and credit notes with their dates and amounts; a paid order without one says why. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TaxDocumentLink } from '../../../../shared/contract/tax-documents.ts'
import { TaxDocumentsPanel } from './TaxDocumentsPanel.tsx'

const ORDER_ID = '0d9c1a52-5b1e-4c1f-9f7e-abcdef120001'
const documents: TaxDocumentLink[] = [
  {
    id: 'inv-1',
    kind: 'invoice',
    number: '2026-000123',
    issuedAt: '2026-05-20T10:00:05.000Z',
    grossCents: 4318,
    currency: 'usd',
    pdfPath: `/api/admin/orders/${ORDER_ID}/documents/inv-1.pdf`,
  },
  {
    id: 'cn-1',
    kind: 'credit_note',
    number: 'CN-2026-000007',
    issuedAt: '2026-05-22T09:00:00.000Z',
    grossCents: 2159,
    currency: 'usd',
    pdfPath: `/api/admin/orders/${ORDER_ID}/documents/cn-1.pdf`,
  },
]

afterEach(cleanup)

describe('TaxDocumentsPanel', () => {
  it('lists the invoice and the credit note, each opening its PDF, with the day issued and the amount (a credit note taken back)', () => {
    render(<TaxDocumentsPanel order={{ completedAt: '2026-05-20T10:00:05.000Z', documents }} />)
    const panel = screen.getByRole('region', { name: 'Invoice and credit notes' })
    const rows = within(panel).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Invoice 2026-000123 (PDF)May 20, 2026 · $43.18',
      'Credit note CN-2026-000007 (PDF)May 22, 2026 · −$21.59',
    ])
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', `/api/admin/orders/${ORDER_ID}/documents/cn-1.pdf`)
  })

  it('says a paid order without documents was paid before invoices, and shows nothing for an unpaid order', () => {
    const { rerender } = render(<TaxDocumentsPanel order={{ completedAt: '2025-01-02T10:00:00.000Z', documents: [] }} />)
    expect(screen.getByText('This order was paid before the store issued invoices, so it has none.')).toBeInTheDocument()
    rerender(<TaxDocumentsPanel order={{ completedAt: null, documents: [] }} />)
    expect(screen.queryByRole('region', { name: 'Invoice and credit notes' })).toBeNull()
  })
})
