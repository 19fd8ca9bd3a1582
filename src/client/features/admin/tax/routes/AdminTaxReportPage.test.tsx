// @vitest-environment happy-dom
/**
 * /admin/tax-report: opens on this quarter, shows a row per country and rate with names (not
 * codes), reverse charge said in words, the totals (as a table, and as cards for a phone), and a
 * CSV link for the same quarter;
 * picking another quarter asks for it; a quarter without documents says so in a sentence.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { quarterLabel, quarterOf, quarterPeriod, type TaxReport } from '../../../../../shared/contract/tax-report.ts'
import AdminTaxReportPage from './AdminTaxReportPage.tsx'

const THIS_QUARTER = quarterLabel(quarterOf(new Date()))
const row = (fields: Partial<TaxReport['rows'][number]>): TaxReport['rows'][number] => ({
  country: 'DE',
  region: null,
  rateBasisPoints: 1900,
  taxLabel: 'VAT',
  reverseCharge: false,
  currency: 'usd',
  netCents: 0,
  taxCents: 0,
  grossCents: 0,
  invoices: 1,
  creditNotes: 0,
  ...fields,
})
const FILLED: TaxReport['rows'] = [
  row({ country: 'CA', region: 'QC', rateBasisPoints: 1498, taxLabel: 'GST 5% + QST 9.975%', netCents: 2000, taxCents: 300, grossCents: 2300 }),
  row({ netCents: 3000, taxCents: 570, grossCents: 3570, invoices: 2, creditNotes: 1 }),
  row({ rateBasisPoints: 0, reverseCharge: true, netCents: 4999, taxCents: 0, grossCents: 4999 }),
  row({ country: null, rateBasisPoints: 800, taxLabel: 'Estimated tax (8%)', netCents: -1999, taxCents: -160, grossCents: -2159, invoices: 0, creditNotes: 1 }),
]
let asked: string[]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  asked = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url)
      const quarter = new URL(url, 'http://store.test').searchParams.get('quarter')!
      const [year, number] = quarter.split('-Q').map(Number)
      const rows = quarter === THIS_QUARTER ? FILLED : []
      const totals = rows.length ? [{ currency: 'usd', netCents: 7999 - 1999, taxCents: 870 - 160, grossCents: 10869 - 2159, invoices: 4, creditNotes: 2 }] : []
      return json(200, { data: { period: quarterPeriod({ year: year!, quarter: number! }), rows, totals } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage(path = '/admin/tax-report') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AdminTaxReportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminTaxReportPage', () => {
  it("shows this quarter's tax per country and rate, reverse charge in words, the totals and the quarter's CSV", async () => {
    renderPage()
    const table = await screen.findByRole('table')
    expect(asked).toEqual([`/api/admin/tax-report?quarter=${THIS_QUARTER}`])
    const quebec = within(table).getByRole('row', { name: /Canada/ })
    expect(quebec).toHaveTextContent('Quebec')
    expect(quebec).toHaveTextContent('GST 5% + QST 9.975%')
    expect(quebec).toHaveTextContent('14.98%')
    expect(quebec).toHaveTextContent('$3.00')
    const germany = within(table).getAllByRole('row', { name: /Germany/ })
    expect(germany[0]).toHaveTextContent('19%$30.00$5.70$35.70')
    expect(germany[1]).toHaveTextContent('Reverse charge: the business buyer accounts for the tax')
    expect(germany[1]).toHaveTextContent('0%$49.99$0.00$49.99')
    expect(within(table).getByRole('row', { name: /No country \(flat estimate\)/ })).toHaveTextContent('-$19.99-$1.60-$21.59')
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('Total$60.00$7.10$87.10')
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/tax-report.csv?quarter=${THIS_QUARTER}`)
    // A phone gets the same figures as cards.
    const cards = within(screen.getByRole('list', { name: `Tax collected in ${THIS_QUARTER}` })).getAllByRole('listitem')
    expect(cards).toHaveLength(FILLED.length + 1)
    expect(cards[2]).toHaveTextContent('Reverse charge: the business buyer accounts for the tax')
    expect(cards.at(-1)).toHaveTextContent('TotalNet$60.00Tax$7.10Gross$87.104 invoices, 2 credit notes')
  })

  it('asks for the quarter picked, links its CSV, and says so in a sentence when it has no documents', async () => {
    renderPage()
    await screen.findByRole('table')
    const picker = screen.getByRole('combobox', { name: 'Quarter' })
    const options = within(picker).getAllByRole('option')
    expect(options).toHaveLength(9)
    expect(options[0]).toHaveValue(THIS_QUARTER)
    const previous = (options[1] as HTMLOptionElement).value
    fireEvent.change(picker, { target: { value: previous } })
    expect(await screen.findByText(`No invoices or credit notes were issued in ${previous}, so there is no tax to report.`)).toBeInTheDocument()
    expect(asked.at(-1)).toBe(`/api/admin/tax-report?quarter=${previous}`)
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/tax-report.csv?quarter=${previous}`)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('opens the quarter a link names, even one older than the list, with its days', async () => {
    renderPage('/admin/tax-report?quarter=2019-Q2')
    expect(await screen.findByText('No invoices or credit notes were issued in 2019-Q2, so there is no tax to report.')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Quarter' })).toHaveValue('2019-Q2')
    expect(screen.getByText('April 1, 2019 to June 30, 2019, in UTC.')).toBeInTheDocument()
  })
})
