// @vitest-environment happy-dom
/**
 * /admin/promo-codes with codes of the second generation: the list says what each code takes off
 * ("20% off", "$5.00 off"), what it is limited to by name, and how much of its budget is used;
 * the form creates a fixed-amount code limited to a ticked product and category, not on sale
 * items, with a budget, and shows the server's refusal of a budget beside its field.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminPromoCode, PromoCodeForm } from '../../../../../shared/contract/admin-promo-codes.ts'
import AdminPromoCodesPage from './AdminPromoCodesPage.tsx'

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))

const PRODUCT = { id: '11111111-1111-4111-8111-111111111111', name: 'Neo Soul Progressions', categoryName: 'MIDI Packs', active: true }
const CATEGORY = { id: '22222222-2222-4222-8222-222222222222', name: 'Tools', slug: 'tools' }

const form = (fields: Partial<PromoCodeForm>): PromoCodeForm => ({
  code: 'X',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  productIds: [],
  categoryIds: [],
  excludeSaleItems: false,
  budget: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  minSubtotal: '',
  active: true,
  ...fields,
})

const code = (fields: Partial<AdminPromoCode>): AdminPromoCode => ({
  id: 'code-1',
  code: 'SPRING',
  percentOff: 20,
  amountOffCents: null,
  scope: { products: [], categories: [] },
  excludeSaleItems: false,
  budgetCents: null,
  budgetUsedCents: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 4,
  paidOrders: 3,
  discountGivenCents: 1200,
  oncePerCustomer: false,
  minSubtotalCents: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  form: form({ code: 'SPRING', percentOff: '20' }),
  ...fields,
})

const CODES: AdminPromoCode[] = [
  code({}),
  code({
    id: 'code-2',
    code: 'NEO5',
    percentOff: null,
    amountOffCents: 500,
    scope: { products: [{ id: PRODUCT.id, name: PRODUCT.name }], categories: [{ id: CATEGORY.id, name: CATEGORY.name }] },
    excludeSaleItems: true,
    budgetCents: 10_000,
    budgetUsedCents: 4000,
    form: form({ code: 'NEO5', kind: 'amount', amountOff: '5.00', budget: '100.00', productIds: [PRODUCT.id], categoryIds: [CATEGORY.id] }),
  }),
]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let created: unknown[]
let createAnswer: () => Response

beforeEach(() => {
  created = []
  createAnswer = () => json(201, { data: CODES[1] })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/promo-codes' && init.method === 'POST') {
        created.push(JSON.parse(String(init.body)))
        return createAnswer()
      }
      if (url === '/api/admin/promo-codes') return json(200, { data: CODES })
      if (url.startsWith('/api/admin/products')) return json(200, { data: [PRODUCT] })
      if (url === '/api/admin/categories') return json(200, { data: [{ ...CATEGORY, description: null, position: 0, products: 1, version: 1 }] })
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
      <MemoryRouter>
        <AdminPromoCodesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminPromoCodesPage', () => {
  it('lists what each code takes off, what it is limited to and its budget used', async () => {
    renderPage()
    const percent = await screen.findByRole('listitem', { name: 'SPRING' })
    expect(percent).toHaveTextContent('20% off')
    expect(percent).toHaveTextContent('Every product')
    expect(percent).not.toHaveTextContent('Budget')
    expect(percent).toHaveTextContent('3 paid orders · $12.00 discount given')

    const fixed = screen.getByRole('listitem', { name: 'NEO5' })
    expect(fixed).toHaveTextContent('$5.00 off')
    expect(fixed).toHaveTextContent('Tools and Neo Soul Progressions only · not on sale items')
    expect(fixed).toHaveTextContent('Budget: $40.00 of $100.00 used')
  })

  it('creates a fixed-amount code limited to a ticked product and category, not on sale items, with a budget', async () => {
    renderPage()
    const section = screen.getByRole('region', { name: 'New promo code' })
    fireEvent.change(within(section).getByLabelText('Code'), { target: { value: 'neo5' } })
    fireEvent.click(within(section).getByLabelText('Fixed amount'))
    fireEvent.change(within(section).getByLabelText('Amount off'), { target: { value: '5.00' } })
    fireEvent.change(within(section).getByLabelText('Budget'), { target: { value: '100' } })
    fireEvent.click(await within(section).findByRole('checkbox', { name: /Neo Soul Progressions/ }))
    fireEvent.click(await within(section).findByRole('checkbox', { name: 'Tools' }))
    fireEvent.click(within(section).getByLabelText('Not on sale items'))
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Create promo code' }))
    })
    expect(created).toEqual([
      {
        form: form({
          code: 'NEO5',
          kind: 'amount',
          amountOff: '5.00',
          budget: '100',
          productIds: [PRODUCT.id],
          categoryIds: [CATEGORY.id],
          excludeSaleItems: true,
        }),
      },
    ])
  })

  it("shows the server's refusal of a budget beside the Budget field", async () => {
    createAnswer = () =>
      json(400, { error: { message: 'Budget cannot be below the $3.00 the code has already given', status: 400, code: 'VALIDATION_ERROR', field: 'budget' } })
    renderPage()
    const section = screen.getByRole('region', { name: 'New promo code' })
    fireEvent.change(within(section).getByLabelText('Code'), { target: { value: 'spent' } })
    fireEvent.change(within(section).getByLabelText('Percent off'), { target: { value: '10' } })
    fireEvent.change(within(section).getByLabelText('Budget'), { target: { value: '2.99' } })
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Create promo code' }))
    })
    expect(within(section).getByLabelText('Budget')).toHaveAccessibleDescription('Budget cannot be below the $3.00 the code has already given')
  })
})
