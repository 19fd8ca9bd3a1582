/**
 * The amounts of invoices and credit notes: an invoice's lines sum to what the order charged to
 * the cent, with exclusive and inclusive prices, a promo and awkward roundings; credit notes
 * take back the invoice's tax in proportion, and all of it once everything is refunded.
 */
import { describe, expect, it } from 'vitest'
import { priceCart, FLAT_TAX } from '../../shared/pricing.ts'
import type { TaxDocumentLine, TaxTreatment } from '../../shared/tax/tax-types.ts'
import { creditNoteAmountsOf, creditNoteLinesOf, invoiceAmountsOf, invoiceLinesOf, type InvoiceLineInput } from './tax-document-lines.ts'

const VAT_DE: TaxTreatment = {
  mode: 'by-country',
  rateBasisPoints: 1900,
  pricesIncludeTax: true,
  label: 'VAT 19%',
  reverseCharge: false,
  country: 'DE',
  region: null,
}
const QC: TaxTreatment = { ...VAT_DE, rateBasisPoints: 1498, pricesIncludeTax: false, label: 'GST 5% + QST 9.975%', country: 'CA', region: 'QC' }

const LINES: InvoiceLineInput[] = [
  { orderItemId: 'a', name: 'Drum Pack', quantity: 1, priceCents: 1999 },
  { orderItemId: 'b', name: 'Keys', quantity: 3, priceCents: 333 },
  { orderItemId: 'c', name: 'Bass', quantity: 1, priceCents: 4999 },
]

/** The order as checkout charged it: priceCart with the treatment and the promo. */
function chargedOrder(lines: InvoiceLineInput[], discount: number, tax: TaxTreatment) {
  const totals = priceCart(lines, discount, tax)
  return { discountCents: totals.discountCents, taxCents: totals.taxCents, totalAmountCents: totals.totalCents, pricesIncludeTax: tax.pricesIncludeTax }
}

function sums(lines: TaxDocumentLine[]) {
  return lines.reduce(
    (sum, line) => ({ netCents: sum.netCents + line.netCents, taxCents: sum.taxCents + line.taxCents, grossCents: sum.grossCents + line.grossCents }),
    {
      netCents: 0,
      taxCents: 0,
      grossCents: 0,
    },
  )
}

describe('invoice lines', () => {
  it.each([
    ['the flat 8 % estimate', FLAT_TAX, 0],
    ['German VAT in inclusive prices with a 15 % promo', VAT_DE, 0.15],
    ['Quebec GST + QST on top with a 10 % promo', QC, 0.1],
    ['reverse charge', { ...VAT_DE, rateBasisPoints: 0, reverseCharge: true, label: 'VAT reverse charge' }, 0.05],
  ] as const)('sum to what the order charged to the cent (%s), each line net + tax = gross', (_name, tax, discount) => {
    const order = chargedOrder(LINES, discount, tax)
    const lines = invoiceLinesOf(order, LINES, 'Order X')
    expect(sums(lines)).toEqual(invoiceAmountsOf(order))
    expect(sums(lines).grossCents).toBe(order.totalAmountCents)
    for (const line of lines) {
      expect(line.netCents + line.taxCents).toBe(line.grossCents)
      expect(line.netCents).toBeGreaterThanOrEqual(0)
      expect(line.taxCents).toBeGreaterThanOrEqual(0)
    }
    expect(lines.map((line) => [line.description, line.quantity, line.orderItemId])).toEqual([
      ['Drum Pack', 1, 'a'],
      ['Keys', 3, 'b'],
      ['Bass', 1, 'c'],
    ])
  })

  it('give an exclusive order each line its discounted price as net and the rate on it: a $19.99 pack at 8 % is $19.99 + $1.60', () => {
    const order = chargedOrder([LINES[0]!], 0, FLAT_TAX)
    expect(invoiceLinesOf(order, [LINES[0]!], 'Order X')).toEqual([
      { description: 'Drum Pack', quantity: 1, netCents: 1999, taxCents: 160, grossCents: 2159, orderItemId: 'a' },
    ])
  })

  it('carve the tax out of an inclusive price: €11.90 at 19 % is €10.00 + €1.90', () => {
    const line = { name: 'Loop', quantity: 1, priceCents: 1190 }
    const order = chargedOrder([line], 0, VAT_DE)
    expect(invoiceLinesOf(order, [line], 'Order X')).toEqual([
      { description: 'Loop', quantity: 1, netCents: 1000, taxCents: 190, grossCents: 1190, orderItemId: null },
    ])
  })

  it('bill the whole order on one line when it names no lines', () => {
    const order = chargedOrder(LINES, 0, FLAT_TAX)
    expect(invoiceLinesOf(order, [], 'Order 1234ABCD')).toEqual([{ description: 'Order 1234ABCD', quantity: 1, ...invoiceAmountsOf(order), orderItemId: null }])
  })
})

describe('credit notes', () => {
  const order = chargedOrder(LINES, 0.1, VAT_DE)
  const invoice = invoiceAmountsOf(order)
  const invoiceLines = invoiceLinesOf(order, LINES, 'Order X')

  it("take back a refund's gross with the invoice's tax in it (inclusive math, rounded half up)", () => {
    const refund = invoiceLines[0]!.grossCents
    const amounts = creditNoteAmountsOf(invoice, { grossCents: 0, taxCents: 0 }, refund)
    expect(amounts.grossCents).toBe(refund)
    expect(amounts.netCents + amounts.taxCents).toBe(refund)
    expect(Math.abs(amounts.taxCents - (refund * 1900) / 11_900)).toBeLessThanOrEqual(1)
  })

  it("take back exactly the invoice's tax once everything is refunded, however the refunds were cut", () => {
    const credited = { grossCents: 0, taxCents: 0 }
    for (const refund of [1, 333, 999, 7, invoice.grossCents]) {
      const amounts = creditNoteAmountsOf(invoice, credited, refund)
      credited.grossCents += amounts.grossCents
      credited.taxCents += amounts.taxCents
    }
    expect(credited).toEqual({ grossCents: invoice.grossCents, taxCents: invoice.taxCents })
    // Nothing left: a further refund takes back nothing.
    expect(creditNoteAmountsOf(invoice, credited, 100)).toEqual({ netCents: 0, taxCents: 0, grossCents: 0 })
  })

  it('name the refunded items as their invoice lines, sharing its amounts; a refund by amount is one line', () => {
    const refund = invoiceLines[1]!.grossCents + invoiceLines[2]!.grossCents
    const amounts = creditNoteAmountsOf(invoice, { grossCents: 0, taxCents: 0 }, refund)
    const lines = creditNoteLinesOf(amounts, invoiceLines, ['b', 'c'], 'Refund of order X')
    expect(lines.map((line) => line.description)).toEqual(['Keys', 'Bass'])
    expect(sums(lines)).toEqual(amounts)
    expect(lines.map((line) => line.grossCents)).toEqual([invoiceLines[1]!.grossCents, invoiceLines[2]!.grossCents])

    expect(creditNoteLinesOf(amounts, invoiceLines, null, 'Refund of order X')).toEqual([
      { description: 'Refund of order X', quantity: 1, ...amounts, orderItemId: null },
    ])
  })
})
