/**
 * The owner's tax report, read from the invoices and credit notes alone: for the days asked,
 * the tax collected per country (and region), rate, tax name and reverse charge, invoices less
 * the credit notes issued in those days, in one grouped query. Because it sums the documents
 * themselves, it matches them to the cent, and a refund lowers the quarter its credit note is
 * dated in (as the tax offices ask), not the quarter of the sale.
 */
import { and, asc, desc, gte, lt, sql, type AnyColumn } from 'drizzle-orm'
import type { TaxReport, TaxReportPeriod, TaxReportRow, TaxReportTotal } from '../../shared/contract/tax-report.ts'
import type { Database } from '../db/client.ts'
import { taxDocuments } from './tax.schema.ts'

const DAY_MS = 24 * 60 * 60_000

/** A credit note takes back what its invoice counted: its amounts enter the sums negated. */
const signed = (column: AnyColumn) => sql<number>`coalesce(sum(case when ${taxDocuments.kind} = 'credit_note' then -${column} else ${column} end), 0)::int`
const counted = (kind: 'invoice' | 'credit_note') => sql<number>`(count(*) filter (where ${taxDocuments.kind} = ${kind}))::int`

export function createTaxReportService(db: Database) {
  return {
    /** The period's rows (by currency, then country, region, reverse charge last, highest rate first) and each currency's totals. */
    async report(period: TaxReportPeriod): Promise<TaxReport> {
      const start = new Date(`${period.firstDay}T00:00:00.000Z`)
      const end = new Date(new Date(`${period.lastDay}T00:00:00.000Z`).getTime() + DAY_MS)
      // '' and null both mean "the whole country": one row for them.
      const region = sql<string | null>`nullif(${taxDocuments.taxRegion}, '')`
      const rows: TaxReportRow[] = await db
        .select({
          country: taxDocuments.taxCountry,
          region,
          rateBasisPoints: taxDocuments.taxRateBasisPoints,
          taxLabel: taxDocuments.taxLabel,
          reverseCharge: taxDocuments.reverseCharge,
          currency: taxDocuments.currency,
          netCents: signed(taxDocuments.netCents),
          taxCents: signed(taxDocuments.taxCents),
          grossCents: signed(taxDocuments.grossCents),
          invoices: counted('invoice'),
          creditNotes: counted('credit_note'),
        })
        .from(taxDocuments)
        .where(and(gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end)))
        .groupBy(taxDocuments.currency, taxDocuments.taxCountry, region, taxDocuments.reverseCharge, taxDocuments.taxRateBasisPoints, taxDocuments.taxLabel)
        .orderBy(
          asc(taxDocuments.currency),
          sql`${taxDocuments.taxCountry} asc nulls last`,
          sql`${region} asc nulls first`,
          asc(taxDocuments.reverseCharge),
          desc(taxDocuments.taxRateBasisPoints),
          asc(taxDocuments.taxLabel),
        )
      return { period, rows, totals: totalsOf(rows) }
    },
  }
}

/** Each currency's sums of its rows. */
function totalsOf(rows: TaxReportRow[]): TaxReportTotal[] {
  const totals = new Map<string, TaxReportTotal>()
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { currency: row.currency, netCents: 0, taxCents: 0, grossCents: 0, invoices: 0, creditNotes: 0 }
    total.netCents += row.netCents
    total.taxCents += row.taxCents
    total.grossCents += row.grossCents
    total.invoices += row.invoices
    total.creditNotes += row.creditNotes
    totals.set(row.currency, total)
  }
  return [...totals.values()]
}

export type TaxReportService = ReturnType<typeof createTaxReportService>
