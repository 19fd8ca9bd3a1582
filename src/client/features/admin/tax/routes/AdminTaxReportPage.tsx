/**
 * /admin/tax-report: the tax collected in a quarter per country, region and rate, net of
 * refunds, as the invoices and credit notes add up (what an OSS or VAT return asks for), with
 * the same figures as a CSV to download. The quarter is this one or one of the previous ones,
 * kept in the address (`?quarter=2026-Q3`) so a link opens the same report.
 */
import { useSearchParams } from 'react-router'
import { parseQuarter, quarterLabel, quarterPeriod, recentQuarters, type Quarter } from '../../../../../shared/contract/tax-report.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { taxReportCsvUrl, useTaxReport } from '../api/get-tax-report.ts'
import { TaxReportTable } from '../TaxReportTable.tsx'

/** How many quarters the picker offers: this one and the two years before it. */
const QUARTERS_OFFERED = 9
const MONTHS = ['Jan – Mar', 'Apr – Jun', 'Jul – Sep', 'Oct – Dec']

/** The period's days are UTC days: shown as such whatever the owner's time zone. */
const UTC_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
const dayOf = (day: string) => UTC_DAY.format(new Date(`${day}T00:00:00Z`))

const optionLabel = (quarter: Quarter) => `${quarterLabel(quarter)} (${MONTHS[quarter.quarter - 1]})`

export default function AdminTaxReportPage() {
  const [params, setParams] = useSearchParams()
  const offered = recentQuarters(new Date(), QUARTERS_OFFERED)
  const asked = parseQuarter(params.get('quarter') ?? '')
  const chosen = quarterLabel(asked ?? offered[0]!)
  // A quarter from a shared link may be older than the list: it is offered too.
  const options = asked && !offered.some((quarter) => quarterLabel(quarter) === chosen) ? [...offered, asked] : offered
  const report = useTaxReport(chosen)
  const period = quarterPeriod(asked ?? offered[0]!)
  return (
    <>
      <title>Tax report | Owner console | Audio Lab Store</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-white">Tax report</h1>
          <p className="mt-2 text-sm text-zinc-400">
            The tax collected per country and rate, from the invoices and credit notes issued in the quarter. A refund counts in the quarter its credit note is
            dated, which may be after the sale.
          </p>
        </div>
        <div className="grid w-full gap-3 sm:flex sm:w-auto sm:items-end">
          <label className="sm:w-60">
            <span className="mb-1.5 block text-sm font-medium text-zinc-200">Quarter</span>
            <select value={chosen} onChange={(event) => setParams({ quarter: event.target.value })} className={INPUT_CLASS}>
              {options.map((quarter) => (
                <option key={quarterLabel(quarter)} value={quarterLabel(quarter)}>
                  {optionLabel(quarter)}
                </option>
              ))}
            </select>
          </label>
          <a href={taxReportCsvUrl(chosen)} download className="btn btn-secondary">
            Download CSV
          </a>
        </div>
      </div>
      <p className="mt-4 text-sm text-zinc-400">
        {dayOf(period.firstDay)} to {dayOf(period.lastDay)}, in UTC.
      </p>
      {report.isPending ? (
        <ListSkeleton label="Loading the tax report…" />
      ) : report.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={report.error} onRetry={() => void report.refetch()} />
        </div>
      ) : report.data.rows.length === 0 ? (
        <p className="mt-8 text-zinc-400">No invoices or credit notes were issued in {report.data.period.label}, so there is no tax to report.</p>
      ) : (
        <div aria-busy={report.isPlaceholderData}>
          <TaxReportTable report={report.data} />
        </div>
      )}
    </>
  )
}
