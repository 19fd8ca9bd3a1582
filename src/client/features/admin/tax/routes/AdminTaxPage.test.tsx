// @vitest-environment happy-dom
/**
 * /admin/tax: the form opens on the flat estimate; taxing by country without the seller's
 * country is refused with a sentence before anything is sent; a save sends the version it was
 * opened at and says "Tax settings saved"; a save over a newer version shows the stale notice and
 * Reload shows the settings as they are now; the rates table filters by country, and an owner's
 * rate typed as a percentage is sent in basis points with its name following the new rate.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultTaxSettings, type AdminTaxRate, type AdminTaxSettings, type TaxRateSave, type TaxSettingsSave } from '../../../../../shared/contract/tax.ts'
import AdminTaxPage from './AdminTaxPage.tsx'

const TABLE: AdminTaxRate[] = [
  { countryCode: 'DE', regionCode: '', table: { rateBasisPoints: 1900, label: 'VAT 19%' }, override: null },
  { countryCode: 'FR', regionCode: '', table: { rateBasisPoints: 2000, label: 'VAT 20%' }, override: null },
  { countryCode: 'CA', regionCode: 'ON', table: { rateBasisPoints: 1300, label: 'HST 13%' }, override: null },
]

let current: AdminTaxSettings
let settingsPuts: TaxSettingsSave[]
let ratePuts: TaxRateSave[]
let nextPut: () => Response

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  current = { form: defaultTaxSettings('flat'), version: 3, updatedAt: null, stripeTaxAvailable: false }
  settingsPuts = []
  ratePuts = []
  nextPut = () => {
    current = { ...current, form: settingsPuts.at(-1)!.form, version: current.version + 1 }
    return json(200, { data: current })
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/tax/settings' && init?.method === 'PUT') {
        settingsPuts.push(JSON.parse(String(init.body)))
        return nextPut()
      }
      if (url === '/api/admin/tax/settings') return json(200, { data: current })
      if (url === '/api/admin/tax/rates' && init?.method === 'PUT') {
        const rate = JSON.parse(String(init.body)) as TaxRateSave
        ratePuts.push(rate)
        const rates = TABLE.map((row) =>
          row.countryCode === rate.countryCode && row.regionCode === rate.regionCode
            ? {
                ...row,
                override: { rateBasisPoints: rate.rateBasisPoints, label: rate.label, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'owner@example.com' },
              }
            : row,
        )
        return json(200, { data: { rates } })
      }
      if (url === '/api/admin/tax/rates') return json(200, { data: { rates: TABLE } })
      return json(404, { error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminTaxPage />
    </QueryClientProvider>,
  )
}

const byCountry = () => screen.getByRole('radio', { name: /By the buyer's country/ })

describe('AdminTaxPage', () => {
  it("refuses taxing by country without the seller's country, with a sentence, and sends nothing", async () => {
    renderPage()
    expect(await screen.findByRole('radio', { name: /Flat 8 % estimate/ })).toBeChecked()
    fireEvent.click(byCountry())
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Audio Lab SAS' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }))
    expect(await screen.findByText("Choose the seller's country: invoices and the buyer's tax depend on it.")).toBeInTheDocument()
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true')
    expect(settingsPuts).toHaveLength(0)
  })

  it('saves the settings over the version they were opened at and says "Tax settings saved"', async () => {
    const success = vi.spyOn(toast, 'success')
    renderPage()
    await screen.findByLabelText('Legal name')
    fireEvent.click(byCountry())
    fireEvent.click(screen.getByRole('checkbox', { name: /My prices include tax/ }))
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'FR' } })
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Audio Lab SAS' } })
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 rue des Studios\n75011 Paris' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Tax settings saved'))
    expect(settingsPuts[0]).toEqual({
      version: 3,
      form: {
        mode: 'by-country',
        pricesIncludeTax: true,
        sellerCountry: 'FR',
        sellerLegalName: 'Audio Lab SAS',
        sellerAddress: '12 rue des Studios\n75011 Paris',
        sellerTaxNumber: '',
      },
    })
  })

  it('shows the stale notice when someone saved since, and Reload shows their settings', async () => {
    nextPut = () => {
      current = { ...current, form: { ...current.form, sellerLegalName: 'Their Name Ltd' }, version: 4 }
      return json(409, {
        error: {
          message: 'The tax settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
          status: 409,
          code: 'STALE_VERSION',
        },
      })
    }
    renderPage()
    await screen.findByLabelText('Legal name')
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'My Name Ltd' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }))
    expect(await screen.findByText(/changed by someone else since you opened them/)).toBeInTheDocument()
    expect(screen.getByLabelText('Legal name')).toHaveValue('My Name Ltd')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.getByLabelText('Legal name')).toHaveValue('Their Name Ltd'))
  })

  it("filters the rates by country and saves the owner's rate for a place in basis points", async () => {
    const success = vi.spyOn(toast, 'success')
    renderPage()
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'Ontario, Canada Table: HST 13%' })).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'germ' } })
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['GermanyTable: VAT 19%'])
    expect(within(table).getByRole('cell', { name: 'VAT 19%' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Set your rate for Germany' }))
    fireEvent.change(screen.getByLabelText('Rate (%)'), { target: { value: '101' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }))
    expect(await screen.findByText('Enter the rate as a percentage from 0 to 100, with at most two decimals')).toBeInTheDocument()
    expect(ratePuts).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Rate (%)'), { target: { value: '7,5' } })
    expect(screen.getByLabelText('Name on the cart and invoices')).toHaveValue('VAT 7.5%')
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Rate saved'))
    expect(ratePuts).toEqual([{ countryCode: 'DE', regionCode: '', rateBasisPoints: 750, label: 'VAT 7.5%' }])
    expect(within(table).getByText('VAT 7.5%')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove your rate for Germany' })).toBeInTheDocument()
  })
})
