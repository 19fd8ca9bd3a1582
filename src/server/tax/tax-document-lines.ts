/**
 * The amounts of invoices and credit notes, in integer cents. One rate per order, its tax
 * rounded once for the order (as checkout charged it): an invoice's lines get their share of
 * the order's net, tax and gross with shareAmongLines, so they sum to what was charged to the
 * cent. A credit note takes back the refund's gross with the invoice's share of tax in it,
 * counted over every refund of the invoice so far: once everything is refunded, the credit
 * notes have taken back exactly the invoice's tax, and the tax report nets the order to zero.
 */
import { shareAmongLines } from '../../shared/pricing.ts'
import type { TaxDocumentLine } from '../../shared/tax/tax-types.ts'

export interface InvoiceLineInput {
  /** The order item the line bills; credit notes name refunded items by it. */
  orderItemId?: string | null
  name: string
  quantity: number
  /** Unit price paid, in cents (before the promo discount). */
  priceCents: number
}

export interface ChargedOrder {
  discountCents: number
  taxCents: number
  /** What the buyer paid. */
  totalAmountCents: number
  /** The prices held the tax (it was carved out), or it was added on top. */
  pricesIncludeTax: boolean
}

export interface DocumentAmounts {
  netCents: number
  taxCents: number
  grossCents: number
}

/** The order's amounts as an invoice states them: the total paid is the gross, the tax is what was charged. */
export function invoiceAmountsOf(order: ChargedOrder): DocumentAmounts {
  return { netCents: order.totalAmountCents - order.taxCents, taxCents: order.taxCents, grossCents: order.totalAmountCents }
}

/**
 * Each order line with its share of the order's amounts. Lines are weighed by what they cost
 * after their share of the discount. Exclusive prices: the net is shared first and the tax by
 * the lines' net; inclusive prices: the gross is shared first and the tax by the lines' gross.
 * Either way each line's net + tax = gross and the lines sum to the order's amounts exactly.
 */
export function invoiceLinesOf(order: ChargedOrder, lines: readonly InvoiceLineInput[], fallbackDescription: string): TaxDocumentLine[] {
  const amounts = invoiceAmountsOf(order)
  if (lines.length === 0) return [{ description: fallbackDescription, quantity: 1, ...amounts, orderItemId: null }]
  const lineCents = lines.map((line) => line.priceCents * line.quantity)
  const discounts = shareAmongLines(Math.min(order.discountCents, sum(lineCents)), lineCents)
  const weights = lineCents.map((cents, index) => cents - discounts[index]!)
  let nets: number[]
  let taxes: number[]
  if (order.pricesIncludeTax) {
    const grosses = shareAmongLines(amounts.grossCents, weights)
    taxes = shareAmongLines(amounts.taxCents, grosses)
    nets = grosses.map((gross, index) => gross - taxes[index]!)
  } else {
    nets = shareAmongLines(amounts.netCents, weights)
    taxes = shareAmongLines(amounts.taxCents, nets)
  }
  return lines.map((line, index) => ({
    description: line.name,
    quantity: line.quantity,
    netCents: nets[index]!,
    taxCents: taxes[index]!,
    grossCents: nets[index]! + taxes[index]!,
    orderItemId: line.orderItemId ?? null,
  }))
}

/**
 * What a credit note takes back of its invoice: the refund's gross (never more than the invoice
 * has left), with the tax the invoice held in that part. The tax is counted on everything
 * credited so far, rounded half up, less what earlier credit notes took, so rounding never
 * leaves a cent of tax behind nor takes one too many.
 */
export function creditNoteAmountsOf(
  invoice: DocumentAmounts,
  credited: Pick<DocumentAmounts, 'grossCents' | 'taxCents'>,
  refundCents: number,
): DocumentAmounts {
  const grossCents = Math.max(0, Math.min(refundCents, invoice.grossCents - credited.grossCents))
  const creditedGross = credited.grossCents + grossCents
  const taxUpToNow = invoice.grossCents === 0 ? 0 : Math.floor((invoice.taxCents * creditedGross * 2 + invoice.grossCents) / (invoice.grossCents * 2))
  const taxCents = Math.max(0, Math.min(grossCents, taxUpToNow - credited.taxCents))
  return { netCents: grossCents - taxCents, taxCents, grossCents }
}

/**
 * A credit note's lines: the refunded items, named as their invoice lines, sharing its amounts
 * by what each line cost; one line with `fallbackDescription` when the refund names no item of
 * the invoice (a refund made at the provider, by amount).
 */
export function creditNoteLinesOf(
  amounts: DocumentAmounts,
  invoiceLines: readonly TaxDocumentLine[],
  refundedItemIds: readonly string[] | null,
  fallbackDescription: string,
): TaxDocumentLine[] {
  const refunded = new Set(refundedItemIds ?? [])
  const named = invoiceLines.filter((line) => line.orderItemId && refunded.has(line.orderItemId))
  if (named.length === 0) return [{ description: fallbackDescription, quantity: 1, ...amounts, orderItemId: null }]
  const grosses = shareAmongLines(
    amounts.grossCents,
    named.map((line) => line.grossCents),
  )
  const taxes = shareAmongLines(amounts.taxCents, grosses)
  return named.map((line, index) => ({
    description: line.description,
    quantity: line.quantity,
    netCents: grosses[index]! - taxes[index]!,
    taxCents: taxes[index]!,
    grossCents: grosses[index]!,
    orderItemId: line.orderItemId ?? null,
  }))
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
