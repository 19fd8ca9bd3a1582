/**
 * The tax report's table: a row per country (and region), rate and tax name, with what was sold
 * net, the tax, the gross and how many invoices and credit notes make it, then each currency's
 * total; on a phone, a card per row instead. Reverse-charge sales say so beside their tax name;
 * a negative figure is a quarter whose refunds outweigh its sales there.
 */
import { countryName } from '../../../../shared/address/countries.ts'
import { formatMoney } from '../../../../shared/money.ts'
import { regionsOf } from '../../../../shared/address/regions.ts'
import { formatTaxRate, type TaxReport, type TaxReportRow } from '../../../../shared/contract/tax-report.ts'

function placeOf(row: TaxReportRow): { country: string; region: string | null } {
  if (!row.country) return { country: 'No country (flat estimate)', region: null }
  const region = row.region ? (regionsOf(row.country).find((known) => known.code === row.region)?.name ?? row.region) : null
  return { country: countryName(row.country) ?? row.country, region }
}

const HEADINGS = ['Country', 'Tax', 'Rate', 'Net', 'Tax amount', 'Gross', 'Invoices', 'Credit notes'] as const
const NUMERIC = new Set<string>(['Rate', 'Net', 'Tax amount', 'Gross', 'Invoices', 'Credit notes'])
const CELL = 'px-4 py-3'
const NUMBER_CELL = `${CELL} text-right tabular-nums`

const rowKey = (row: TaxReportRow) => [row.currency, row.country, row.region, row.rateBasisPoints, row.taxLabel, row.reverseCharge].join('|')
const totalLabel = (report: TaxReport, currency: string) => (report.totals.length > 1 ? `Total in ${currency.toUpperCase()}` : 'Total')
const REVERSE_CHARGE = 'Reverse charge: the business buyer accounts for the tax'

/** The report as a table from 640 px up, as cards below (a phone cannot show nine columns). */
export function TaxReportTable({ report }: { report: TaxReport }) {
  return (
    <>
      <div className="hidden sm:block">
        <WideTable report={report} />
      </div>
      <div className="sm:hidden">
        <NarrowCards report={report} />
      </div>
    </>
  )
}

function Figures({ figures, currency }: { figures: { netCents: number; taxCents: number; grossCents: number }; currency: string }) {
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
      {(
        [
          ['Net', figures.netCents],
          ['Tax', figures.taxCents],
          ['Gross', figures.grossCents],
        ] as const
      ).map(([label, cents]) => (
        <div key={label}>
          <dt className="text-xs text-zinc-400">{label}</dt>
          <dd className={`tabular-nums ${label === 'Tax' ? 'font-semibold text-white' : 'text-zinc-200'}`}>{formatMoney(cents, currency)}</dd>
        </div>
      ))}
    </dl>
  )
}

const documentsOf = (figures: { invoices: number; creditNotes: number }) =>
  `${figures.invoices} ${figures.invoices === 1 ? 'invoice' : 'invoices'}, ${figures.creditNotes} ${figures.creditNotes === 1 ? 'credit note' : 'credit notes'}`

function NarrowCards({ report }: { report: TaxReport }) {
  return (
    <ul aria-label={`Tax collected in ${report.period.label}`} className="mt-6 flex flex-col gap-3">
      {report.rows.map((row) => {
        const place = placeOf(row)
        return (
          <li key={rowKey(row)} className="rounded-2xl border border-zinc-800 bg-zinc-950/40 p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="text-zinc-100">
                {place.country}
                {place.region && <span className="text-zinc-400"> · {place.region}</span>}
              </p>
              <p className="shrink-0 text-sm text-zinc-300 tabular-nums">{formatTaxRate(row.rateBasisPoints)}</p>
            </div>
            <p className="text-sm text-zinc-300">{row.taxLabel}</p>
            {row.reverseCharge && <p className="text-xs text-amber-200">{REVERSE_CHARGE}</p>}
            <Figures figures={row} currency={row.currency} />
            <p className="mt-2 text-xs text-zinc-400">{documentsOf(row)}</p>
          </li>
        )
      })}
      {report.totals.map((total) => (
        <li key={total.currency} className="rounded-2xl border border-zinc-700 bg-zinc-900/80 p-4">
          <p className="font-semibold text-white">{totalLabel(report, total.currency)}</p>
          <Figures figures={total} currency={total.currency} />
          <p className="mt-2 text-xs text-zinc-400">{documentsOf(total)}</p>
        </li>
      ))}
    </ul>
  )
}

function WideTable({ report }: { report: TaxReport }) {
  return (
    <div className="relative mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Tax collected in {report.period.label}, per country and rate, net of refunds</caption>
        <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className={`${CELL} font-medium ${NUMERIC.has(heading) ? 'text-right' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
          {report.rows.map((row) => {
            const place = placeOf(row)
            return (
              <tr key={rowKey(row)}>
                <th scope="row" className={`${CELL} text-left font-normal text-zinc-100`}>
                  {place.country}
                  {place.region && <span className="block text-xs text-zinc-400">{place.region}</span>}
                </th>
                <td className={`${CELL} text-zinc-200`}>
                  {row.taxLabel}
                  {row.reverseCharge && <span className="block text-xs text-amber-200">{REVERSE_CHARGE}</span>}
                </td>
                <td className={`${NUMBER_CELL} text-zinc-300`}>{formatTaxRate(row.rateBasisPoints)}</td>
                <td className={`${NUMBER_CELL} text-zinc-200`}>{formatMoney(row.netCents, row.currency)}</td>
                <td className={`${NUMBER_CELL} font-medium text-white`}>{formatMoney(row.taxCents, row.currency)}</td>
                <td className={`${NUMBER_CELL} text-zinc-200`}>{formatMoney(row.grossCents, row.currency)}</td>
                <td className={`${NUMBER_CELL} text-zinc-300`}>{row.invoices}</td>
                <td className={`${NUMBER_CELL} text-zinc-300`}>{row.creditNotes}</td>
              </tr>
            )
          })}
        </tbody>
        <tfoot className="border-t-2 border-zinc-700 bg-zinc-900/80">
          {report.totals.map((total) => (
            <tr key={total.currency}>
              <th scope="row" colSpan={3} className={`${CELL} text-left font-semibold text-white`}>
                {totalLabel(report, total.currency)}
              </th>
              <td className={`${NUMBER_CELL} font-semibold text-white`}>{formatMoney(total.netCents, total.currency)}</td>
              <td className={`${NUMBER_CELL} font-semibold text-white`}>{formatMoney(total.taxCents, total.currency)}</td>
              <td className={`${NUMBER_CELL} font-semibold text-white`}>{formatMoney(total.grossCents, total.currency)}</td>
              <td className={`${NUMBER_CELL} text-zinc-200`}>{total.invoices}</td>
              <td className={`${NUMBER_CELL} text-zinc-200`}>{total.creditNotes}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  )
}
