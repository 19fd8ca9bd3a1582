/**
 * The tax report as CSV, for the owner's accountant or the tax office's upload: a header row,
 * then one row per country, region, rate and tax name, as the console's table shows them, then
 * each currency's total. Amounts are in the currency's units with two decimals; cells are quoted
 * and escaped by csv-stringify, and text a spreadsheet would run as a formula (a tax name
 * starting with `=`) is kept as text.
 */
import { stringify } from 'csv-stringify/sync'
import { centsToDollarString } from '../../shared/money.ts'
import type { TaxReport } from '../../shared/contract/tax-report.ts'

const COLUMNS = [
  { key: 'country', header: 'Country' },
  { key: 'region', header: 'Region' },
  { key: 'rate', header: 'Rate (%)' },
  { key: 'taxLabel', header: 'Tax' },
  { key: 'reverseCharge', header: 'Reverse charge' },
  { key: 'currency', header: 'Currency' },
  { key: 'net', header: 'Net' },
  { key: 'tax', header: 'Tax amount' },
  { key: 'gross', header: 'Gross' },
  { key: 'invoices', header: 'Invoices' },
  { key: 'creditNotes', header: 'Credit notes' },
]
const AMOUNTS = new Set(['net', 'tax', 'gross'])

/** The file's name: `tax-report-2026-Q4.csv`. */
export const taxReportFileName = (report: TaxReport) => `tax-report-${report.period.label}.csv`

export function taxReportCsv(report: TaxReport): string {
  const amounts = (row: { currency: string; netCents: number; taxCents: number; grossCents: number }) => ({
    currency: row.currency.toUpperCase(),
    // In cents here; the cast below writes them in the currency's units.
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
  return stringify(records, {
    header: true,
    columns: COLUMNS,
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      number: (value, context) => (AMOUNTS.has(String(context.column)) ? centsToDollarString(value) : String(value)),
    },
  })
}
