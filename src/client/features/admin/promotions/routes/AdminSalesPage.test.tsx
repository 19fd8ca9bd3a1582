// @vitest-environment happy-dom
/**
 * /admin/sales: each sale with its terms, status and effect on revenue; End now only on a sale
 * that has not ended; the form refuses a sale with no discount beside the field before sending,
 * and sends a percent sale on chosen categories as the server's form.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminSale } from '../../../../../shared/contract/admin-sales.ts'
import AdminSalesPage from './AdminSalesPage.tsx'

const CATEGORY = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Sample Packs',
  slug: 'sample-packs',
  description: null,
  position: 0,
  products: 4,
  version: 1,
}
const sale = (fields: Partial<AdminSale>): AdminSale => {
  const base = {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Black Friday',
    percentOff: 30,
    amountOffCents: null,
    scope: 'store' as const,
    productIds: [],
    categoryIds: [],
    startsAt: '2026-11-27T00:00:00.000Z',
    endsAt: '2026-12-01T00:00:00.000Z',
    active: true,
    status: 'running' as const,
    effect: { paidOrders: 3, units: 4, revenueCents: 8396, discountCents: 3600 },
    updatedAt: '2026-11-20T00:00:00.000Z',
    version: 1,
    ...fields,
  }
  return {
    ...base,
    form: {
      name: base.name,
      percentOff: base.percentOff === null ? '' : String(base.percentOff),
      amountOff: '',
      scope: base.scope,
      productIds: base.productIds,
      categoryIds: base.categoryIds,
      startsAt: base.startsAt,
      endsAt: base.endsAt,
    },
  }
}
const SALES = [
  sale({}),
  sale({
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Drum week',
    percentOff: null,
    amountOffCents: 500,
    scope: 'categories',
    categoryIds: [CATEGORY.id],
    status: 'ended',
    effect: { paidOrders: 0, units: 0, revenueCents: 0, discountCents: 0 },
  }),
]
let posted: { url: string; method: string; body: unknown }[]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  posted = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      if (method !== 'GET') {
        posted.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null })
        return json(201, { data: SALES[0] })
      }
      if (url.startsWith('/api/admin/sales')) return json(200, { data: SALES })
      if (url.startsWith('/api/admin/categories')) return json(200, { data: [CATEGORY] })
      if (url.startsWith('/api/admin/products')) return json(200, { data: [] })
      return json(404, { error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/sales']}>
        <AdminSalesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminSalesPage', () => {
  it('lists each sale with its terms, status and effect on revenue; End now only while it has not ended', async () => {
    renderPage()
    const friday = await screen.findByRole('listitem', { name: 'Black Friday' })
    expect(within(friday).getByText('Running')).toBeInTheDocument()
    expect(within(friday).getByText('30% off the whole store')).toBeInTheDocument()
    expect(within(friday).getByText('3 paid orders · 4 units · $83.96 revenue · $36.00 discount given')).toBeInTheDocument()
    expect(within(friday).getByRole('button', { name: 'End now' })).toBeInTheDocument()

    const drums = screen.getByRole('listitem', { name: 'Drum week' })
    expect(within(drums).getByText('Ended')).toBeInTheDocument()
    expect(await within(drums).findByText('$5.00 off Sample Packs')).toBeInTheDocument()
    expect(within(drums).queryByRole('button', { name: 'End now' })).not.toBeInTheDocument()
  })

  it('refuses a sale without a discount beside the field, then sends a percent sale on a chosen category', async () => {
    renderPage()
    const form = within(await screen.findByRole('region', { name: 'New sale' }))
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Spring' } })
    fireEvent.change(form.getByLabelText('Starts'), { target: { value: '2026-03-01T09:00' } })
    fireEvent.change(form.getByLabelText('Ends'), { target: { value: '2026-03-08T09:00' } })
    fireEvent.click(form.getByRole('button', { name: 'Create sale' }))
    expect(await form.findByText('Give a percent off or an amount off')).toBeInTheDocument()
    expect(posted).toEqual([])

    fireEvent.change(form.getByLabelText('Percent off'), { target: { value: '20' } })
    fireEvent.change(form.getByLabelText('Applies to'), { target: { value: 'categories' } })
    fireEvent.click(await form.findByRole('checkbox', { name: 'Sample Packs' }))
    fireEvent.click(form.getByRole('button', { name: 'Create sale' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({
      url: '/api/admin/sales',
      method: 'POST',
      body: { form: { name: 'Spring', percentOff: '20', amountOff: '', scope: 'categories', categoryIds: [CATEGORY.id], productIds: [] } },
    })
    expect((posted[0]!.body as { form: { startsAt: string } }).form.startsAt).toBe(new Date('2026-03-01T09:00').toISOString())
  })
})
