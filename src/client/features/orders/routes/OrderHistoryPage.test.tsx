// @vitest-environment happy-dom
/** Order history: coloured statuses, items and totals, refunds, resending a receipt, ten more per "Load More Orders", empty and error states. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderStatusValue, OrderView } from '../../../../shared/contract/checkout.ts'
import type { AuthSession } from '../../../session/use-session.ts'

const session: AuthSession = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))

const { default: OrderHistoryPage } = await import('./OrderHistoryPage.tsx')

function makeOrder(index: number, status: OrderStatusValue = 'COMPLETED'): OrderView {
  const id = `0d9c1a52-5b1e-4c1f-9f7e-abcdef12${String(index).padStart(4, '0')}`
  return {
    id,
    orderNumber: id.slice(-8).toUpperCase(),
    status,
    checkoutType: 'cart',
    customerEmail: 'ada@example.com',
    subtotalCents: 2999,
    discountCents: 0,
    taxCents: 0,
    totalAmountCents: 2999 + index,
    refundedCents: 0,
    currency: 'usd',
    promoCode: null,
    cardLast4: '4242',
    createdAt: new Date(Date.UTC(2025, 4, 20 - index)).toISOString(),
    completedAt: null,
    licenceCode: status === 'COMPLETED' ? `LIC${index}` : null,
    items: [
      {
        id: `item-${index}`,
        productId: `prod-${index}`,
        name: `Pack ${index}`,
        imageUrl: null,
        quantity: 1,
        priceCents: 2999,
        downloadLimit: 3,
        downloadsRemaining: 3,
        access: { state: 'active', reason: null, since: null },
        fileVersion: null,
      },
    ],
  }
}

let requests: string[]
let answer: (url: URL) => Response

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OrderHistoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const orderCard = (orderNumber: string) => screen.getByRole('article', { name: `Order #${orderNumber}` })

beforeEach(() => {
  requests = []
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost')
    requests.push(`${url.pathname}${url.search}`)
    return answer(url)
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('OrderHistoryPage', () => {
  it('colours each status: PENDING yellow, COMPLETED green, FAILED red, CANCELLED grey', async () => {
    const orders = [makeOrder(1, 'PENDING'), makeOrder(2, 'COMPLETED'), makeOrder(3, 'FAILED'), makeOrder(4, 'CANCELLED')]
    answer = () => Response.json({ data: orders, hasMore: false })
    renderPage()
    const badge = async (order: OrderView) => within(await screen.findByRole('article', { name: `Order #${order.orderNumber}` })).getByText(order.status)
    expect(await badge(orders[0]!)).toHaveClass('text-yellow-300')
    expect(await badge(orders[1]!)).toHaveClass('text-emerald-300')
    expect(await badge(orders[2]!)).toHaveClass('text-red-300')
    expect(await badge(orders[3]!)).toHaveClass('text-zinc-300')
  })

  it('shows number, date, total and items, with the version and Download only on a COMPLETED order', async () => {
    const fileVersion = { number: 3, publishedAt: '2025-11-25T09:00:00.000Z', changelog: 'Adds 20 one-shots' }
    const completedOrder = makeOrder(1, 'COMPLETED')
    const pendingOrder = makeOrder(2, 'PENDING')
    answer = () =>
      Response.json({
        data: [
          { ...completedOrder, items: [{ ...completedOrder.items[0]!, fileVersion }] },
          { ...pendingOrder, items: [{ ...pendingOrder.items[0]!, fileVersion }] },
        ],
        hasMore: false,
      })
    renderPage()
    const completed = await screen.findByRole('article', { name: 'Order #EF120001' })
    expect(within(completed).getByText('Version 3').parentElement).toHaveTextContent('Version 3 · November 25, 2025')
    expect(within(completed).getByText('Adds 20 one-shots')).toBeInTheDocument()
    expect(within(orderCard(pendingOrder.orderNumber)).queryByText('Version 3')).not.toBeInTheDocument()
    expect(within(completed).getByText('May 19, 2025')).toBeInTheDocument()
    expect(within(completed).getByText('$30.00')).toBeInTheDocument()
    expect(within(completed).getByRole('link', { name: /Pack 1\s*× 1/ })).toHaveAttribute('href', '/products/prod-1')
    expect(within(completed).getByText('$29.99')).toBeInTheDocument()
    expect(within(completed).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/download-hub')
    expect(within(orderCard(makeOrder(2).orderNumber)).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument()
  })

  it("shows a refunded order with its status, each item's reason, the amount refunded and no Download link", async () => {
    const refunded: OrderView = {
      ...makeOrder(5, 'REFUNDED'),
      refundedCents: 3004,
      items: [{ ...makeOrder(5).items[0]!, access: { state: 'revoked', reason: 'refunded', since: '2025-06-02T12:00:00.000Z' } }],
    }
    answer = () => Response.json({ data: [refunded], hasMore: false })
    renderPage()
    const card = await screen.findByRole('article', { name: `Order #${refunded.orderNumber}` })
    expect(within(card).getByText('REFUNDED')).toHaveClass('text-violet-300')
    expect(within(card).getByText('Refunded on June 2, 2025: downloads are no longer available')).toBeInTheDocument()
    expect(within(card).getByText(/Refunded:/)).toHaveTextContent('Refunded: -$30.04')
    expect(within(card).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument()
  })

  it('sends the receipt again from a paid order\'s "Resend receipt"', async () => {
    answer = (url) =>
      url.pathname.endsWith('/receipt')
        ? Response.json({ data: { email: 'ada@example.com' } })
        : Response.json({ data: [makeOrder(1, 'COMPLETED'), makeOrder(2, 'PENDING')], hasMore: false })
    renderPage()
    const completed = await screen.findByRole('article', { name: 'Order #EF120001' })
    expect(within(orderCard(makeOrder(2).orderNumber)).queryByRole('button', { name: 'Resend receipt' })).not.toBeInTheDocument()
    fireEvent.click(within(completed).getByRole('button', { name: 'Resend receipt' }))
    await vi.waitFor(() => expect(requests).toContain(`/api/orders/${makeOrder(1).id}/receipt`))
  })

  it('loads ten more orders per "Load More Orders" and hides the button when there are no more', async () => {
    answer = (url) => {
      const offset = Number(url.searchParams.get('offset'))
      if (offset === 0) return Response.json({ data: Array.from({ length: 10 }, (_, index) => makeOrder(index)), hasMore: true })
      return Response.json({ data: [makeOrder(10), makeOrder(11)], hasMore: false })
    }
    renderPage()
    const list = await screen.findByRole('list', { name: 'Orders' })
    expect(within(list).getAllByRole('article')).toHaveLength(10)
    fireEvent.click(screen.getByRole('button', { name: 'Load More Orders' }))
    expect(await screen.findByRole('article', { name: `Order #${makeOrder(11).orderNumber}` })).toBeInTheDocument()
    expect(within(list).getAllByRole('article')).toHaveLength(12)
    expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument()
    expect(requests).toEqual(['/api/orders?limit=10&offset=0', '/api/orders?limit=10&offset=10'])
  })

  it('says "You have no orders yet." with a way to the products', async () => {
    answer = () => Response.json({ data: [], hasMore: false })
    renderPage()
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
    expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument()
  })

  it('shows the load error with a Retry that reloads the page', async () => {
    answer = () => Response.json({ error: { message: 'Failed to fetch orders', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
