/**
 * The tax report as CSV, for the owner's accountant or the tax office's upload: a header row,
 * then one row per country, region, rate and tax name, as the console's table shows them, then
 * each currency's total. Amounts are in the currency's units with two decimals; cells are written
 * by the store's CSV rules (src/server/http/csv.ts: a tax name starting with `=` stays text).
 */
import type { TaxReport } from '../../shared/contract/tax-report.ts'
import { csvText, type CsvColumn } from '../http/csv.ts'

const COLUMNS: CsvColumn[] = [
  { key: 'country', header: 'Country' },
  { key: 'region', header: 'Region' },
  { key: 'rate', header: 'Rate (%)' },
  { key: 'taxLabel', header: 'Tax' },
  { key: 'reverseCharge', header: 'Reverse charge' },
  { key: 'currency', header: 'Currency' },
  { key: 'net', header: 'Net', amount: true },
  { key: 'tax', header: 'Tax amount', amount: true },
  { key: 'gross', header: 'Gross', amount: true },
  { key: 'invoices', header: 'Invoices' },
  { key: 'creditNotes', header: 'Credit notes' },
]

/** The file's name: `tax-report-2026-Q4.csv`. */
export const taxReportFileName = (report: TaxReport) => `tax-report-${report.period.label}.csv`

export function taxReportCsv(report: TaxReport): string {
  const amounts = (row: { currency: string; netCents: number; taxCents: number; grossCents: number }) => ({
    currency: row.currency.toUpperCase(),
    // In cents here; the amount columns write them in the currency's units.
    net: row.netCents,
    tax: row.taxCents,
    gross: row.grossCents,
  })
  const records = [
    ...report.rows.map((row) => ({
      country: row.country ?? '',
      region: row.region ?? '',
      rate: row.rateBasisPoints / 100,
      taxLabel: row.taxLabel,
      reverseCharge: row.reverseCharge ? 'yes' : 'no',
      ...amounts(row),
      invoices: row.invoices,
      creditNotes: row.creditNotes,
    })),
    ...report.totals.map((total) => ({ country: 'Total', ...amounts(total), invoices: total.invoices, creditNotes: total.creditNotes })),
  ]
  return csvText(records, COLUMNS)
}
