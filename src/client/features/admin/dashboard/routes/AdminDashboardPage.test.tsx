// @vitest-environment happy-dom
/**
 * /admin: the revenue figure says it leaves tax out and shows what the server counted without
 * it (a $21.59 order with $1.60 estimated tax is $19.99 of revenue), beside orders and refunds;
 * the funnel shows each step with its share of the step before, for the period the owner picks.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HealthReport } from '../../../../../shared/contract/admin-health.ts'
import type { Dashboard } from '../../../../../shared/contract/admin-reports.ts'
import type { Funnel } from '../../../../../shared/contract/store-events.ts'
import AdminDashboardPage from './AdminDashboardPage.tsx'

const DASHBOARD: Dashboard = {
  days: [
    { day: '2026-11-25', orders: 0, revenueCents: 0, downloads: 0 },
    { day: '2026-11-26', orders: 1, revenueCents: 1999, downloads: 2 },
  ],
  totals: { orders: 1, revenueCents: 1999, downloads: 2, refunds: 0, refundedCents: 0 },
  topProducts: [{ productId: 'p1', name: 'Midnight Drums', units: 1, revenueCents: 1999 }],
}

const HEALTH: HealthReport = {
  outbox: {
    level: 'red',
    summary: '2 emails were given up in the last 7 days',
    action: "Check SMTP_URL and the mail server's log.",
    queued: 0,
    failed: 2,
    oldestUnsentAt: null,
  },
  webhooks: { level: 'green', summary: 'Every payment event was delivered', action: '', retrying: 0, failed: 0 },
  jobs: [
    { job: 'cart-reminders', level: 'green', summary: 'Ran 5 minutes ago', action: '', lastRunAt: '2026-11-26T10:00:00Z', outcome: 'Sent 1 cart reminder' },
  ],
}

/** The funnel the server answers for each period: the 7-day one is a slice of the 30-day one. */
const FUNNELS: Record<string, Funnel> = {
  '30': { from: '2026-10-28', to: '2026-11-26', productViews: 1200, cartAdds: 96, checkoutsStarted: 40, paidOrders: 31 },
  '7': { from: '2026-11-20', to: '2026-11-26', productViews: 250, cartAdds: 1, checkoutsStarted: 0, paidOrders: 0 },
}

const answer = (url: string) => {
  if (url.includes('/health')) return HEALTH
  if (url.includes('/funnel')) return FUNNELS[new URL(url, 'http://store.test').searchParams.get('days') ?? '']
  return DASHBOARD
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify({ data: answer(url) }), { status: 200, headers: { 'content-type': 'application/json' } })),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdminDashboardPage', () => {
  it('names the revenue as excluding tax and shows the figure the server counted', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminDashboardPage />
      </QueryClientProvider>,
    )
    const label = await screen.findByText('Revenue (excl. tax)', { selector: 'dt' })
    expect(label.nextElementSibling).toHaveTextContent('$19.99')
    expect(screen.getByText('Revenue per day (excl. tax)', { selector: 'figcaption' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Revenue (excl. tax)' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Midnight Drums/ })).toHaveTextContent('$19.99')
  })

  it('shows the store health: the state of each part in words and, when it needs the owner, what to do', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminDashboardPage />
      </QueryClientProvider>,
    )
    const emails = await screen.findByRole('listitem', { name: 'Emails' })
    expect(emails).toHaveTextContent('Needs you')
    expect(emails).toHaveTextContent('2 emails were given up in the last 7 days')
    expect(emails).toHaveTextContent("Check SMTP_URL and the mail server's log.")
    expect(screen.getByRole('listitem', { name: 'Payment events' })).toHaveTextContent('OK')
    expect(screen.getByRole('listitem', { name: 'Cart reminders' })).toHaveTextContent('Ran 5 minutes ago')
  })

  it('shows the funnel for 30 days with each step’s share of the one before, and another period when chosen', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminDashboardPage />
      </QueryClientProvider>,
    )
    const views = await screen.findByRole('listitem', { name: 'Product views' })
    expect(views).toHaveTextContent('1,200')
    expect(views).toHaveTextContent('October 28, 2026 to November 26, 2026')
    expect(screen.getByRole('listitem', { name: 'Added to cart' })).toHaveTextContent('8.0% of the step before')
    expect(screen.getByRole('listitem', { name: 'Checkout started' })).toHaveTextContent('42% of the step before')
    expect(screen.getByRole('listitem', { name: 'Paid' })).toHaveTextContent('31')
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')

    fireEvent.click(screen.getByRole('button', { name: '7 days' }))
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Product views' })).toHaveTextContent('250'))
    expect(screen.getByRole('listitem', { name: 'Added to cart' })).toHaveTextContent('0.4% of the step before')
    expect(screen.getByRole('listitem', { name: 'Paid' })).toHaveTextContent('– of the step before')
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true')
  })
})
