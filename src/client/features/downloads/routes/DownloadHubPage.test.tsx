// @vitest-environment happy-dom
/** Download hub: items with size and downloads left, the button at 0 and while preparing, a download's toasts and count, errors. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Purchase } from '../../../../shared/contract/downloads.ts'
import type { AuthSession } from '../../../session/use-session.ts'

const session: AuthSession = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))

const { default: DownloadHubPage } = await import('./DownloadHubPage.tsx')

const ORDER_ID = '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f'
const ITEM_ID = '7f1e2d3c-4b5a-4968-8776-655443322110'
const PRODUCT_ID = '11111111-2222-4333-8444-555555555555'

function makePurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: ITEM_ID,
    orderId: ORDER_ID,
    productId: PRODUCT_ID,
    quantity: 1,
    downloadsRemaining: 3,
    downloadLimit: 3,
    access: { state: 'active', reason: null, since: null },
    product: {
      id: PRODUCT_ID,
      name: 'Midnight Drums',
      description: 'Dusty drum breaks recorded through vintage tape.',
      imageUrl: '/media/covers/midnight-drums-1-640.webp',
      fileSize: 157286400,
      downloadLimit: 3,
      category: null,
      fileVersion: null,
    },
    order: { id: ORDER_ID, orderNumber: '3A1B2C3D', createdAt: '2025-05-01T10:00:00.000Z' },
    ...overrides,
  }
}

type Route = (url: URL, init: RequestInit) => Response | undefined | Promise<Response | undefined>
let routes: Route[]
let posts: unknown[]

function renderHub() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DownloadHubPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const purchases =
  (list: Purchase[]): Route =>
  (url) =>
    url.pathname === '/api/purchases' ? Response.json({ data: list }) : undefined
const noDownloads: Route = (url, init) =>
  url.pathname === '/api/downloads' && init.method !== 'POST' ? Response.json({ data: [], hasMore: false }) : undefined
const card = (name: string) => screen.findByRole('article', { name })

beforeEach(() => {
  routes = []
  posts = []
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    if (init.method === 'POST') posts.push(JSON.parse(String(init.body)))
    for (const route of routes) {
      const response = await route(url, init)
      if (response) return response
    }
    // The items' licence keys (LicenceKeyBox.test.tsx): none here.
    if (url.pathname === '/api/licence-keys') return Response.json({ data: [] })
    return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('DownloadHubPage', () => {
  it('lists a purchase with its description, size in MB and downloads remaining', async () => {
    routes.push(purchases([makePurchase()]), noDownloads)
    renderHub()
    const item = await card('Midnight Drums')
    expect(within(item).getByText('Dusty drum breaks recorded through vintage tape.')).toBeInTheDocument()
    expect(within(item).getByText('150.0 MB')).toBeInTheDocument()
    expect(within(item).getByText(/Downloads remaining:/)).toHaveTextContent('Downloads remaining: 3 of 3')
    expect(within(item).getByRole('button', { name: 'Download' })).toBeEnabled()
  })

  it('shows the version a download serves, with its date and changelog, and none for a refunded item', async () => {
    const fileVersion = { number: 2, publishedAt: '2025-11-25T09:00:00.000Z', changelog: 'Fixed clipped kicks; 12 new loops' }
    const product = { ...makePurchase().product, fileVersion }
    routes.push(purchases([makePurchase({ product })]), noDownloads)
    renderHub()
    const item = await card('Midnight Drums')
    expect(within(item).getByText('Version 2').parentElement).toHaveTextContent('Version 2 · November 25, 2025')
    expect(within(item).getByText('Fixed clipped kicks; 12 new loops')).toBeInTheDocument()

    cleanup()
    routes = [purchases([makePurchase({ product, access: { state: 'revoked', reason: 'refunded', since: '2025-12-01T12:00:00.000Z' } })]), noDownloads]
    renderHub()
    expect(within(await card('Midnight Drums')).queryByText('Version 2')).toBeNull()
  })

  it('disables Download at 0 remaining and shows the download-limit text', async () => {
    routes.push(purchases([makePurchase({ downloadsRemaining: 0 })]), noDownloads)
    renderHub()
    const item = await card('Midnight Drums')
    expect(within(item).getByText(/Downloads remaining:/)).toHaveTextContent('Downloads remaining: 0 of 3')
    expect(within(item).getByRole('button', { name: 'Download' })).toBeDisabled()
    expect(
      within(item).getByText('You have reached the download limit for this product. Please contact support if you need additional downloads.'),
    ).toBeInTheDocument()
  })

  it('shows a refunded item with the date and reason in place of its Download button', async () => {
    routes.push(purchases([makePurchase({ access: { state: 'revoked', reason: 'refunded', since: '2025-06-02T12:00:00.000Z' } })]), noDownloads)
    renderHub()
    const item = await card('Midnight Drums')
    expect(within(item).getByText('Refunded on June 2, 2025: downloads are no longer available')).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Download' })).toBeNull()
  })

  it('shows a disputed item as paused, without a Download button', async () => {
    routes.push(purchases([makePurchase({ access: { state: 'suspended', reason: 'dispute_open', since: '2025-06-03T12:00:00.000Z' } })]), noDownloads)
    renderHub()
    const item = await card('Midnight Drums')
    expect(within(item).getByText('Payment disputed on June 3, 2025: downloads are paused until the dispute is settled')).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Download' })).toBeNull()
  })

  it('downloads: "Preparing..." while the grant is made, then the browser gets the URL, the toast names the product and the count drops', async () => {
    const success = vi.spyOn(toast, 'success')
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    let release!: () => void
    const granted = new Promise<void>((resolve) => (release = resolve))
    routes.push(purchases([makePurchase()]), noDownloads, async (url, init) => {
      if (url.pathname !== '/api/downloads' || init.method !== 'POST') return undefined
      await granted
      return Response.json({ downloadUrl: '/api/downloads/file/grant-1?sig=abc', downloadsRemaining: 2, expiresAt: '2025-05-01T10:10:00.000Z' })
    })
    renderHub()
    const item = await card('Midnight Drums')
    fireEvent.click(within(item).getByRole('button', { name: 'Download' }))
    expect(await within(item).findByRole('button', { name: 'Preparing...' })).toBeDisabled()
    release()
    await waitFor(() => expect(within(item).getByText(/Downloads remaining:/)).toHaveTextContent('Downloads remaining: 2 of 3'))
    expect(within(item).getByRole('button', { name: 'Download' })).toBeEnabled()
    expect(clicked).toEqual(['/api/downloads/file/grant-1?sig=abc'])
    expect(success).toHaveBeenCalledWith('Download started for Midnight Drums')
    expect(posts).toEqual([{ orderItemId: ITEM_ID, productId: PRODUCT_ID }])
  })

  it('toasts "Download failed" and shows the mapped text beside the product', async () => {
    const error = vi.spyOn(toast, 'error')
    routes.push(purchases([makePurchase()]), noDownloads, (url, init) =>
      url.pathname === '/api/downloads' && init.method === 'POST'
        ? Response.json({ error: { message: 'Order not completed', status: 400, code: 'ORDER_NOT_COMPLETED' } }, { status: 400 })
        : undefined,
    )
    renderHub()
    const item = await card('Midnight Drums')
    fireEvent.click(within(item).getByRole('button', { name: 'Download' }))
    expect(await within(item).findByRole('alert')).toHaveTextContent('Your order is still being processed')
    expect(error).toHaveBeenCalledWith('Download failed')
  })

  it('lists recent downloads from the log', async () => {
    routes.push(purchases([makePurchase()]), (url) =>
      url.pathname === '/api/downloads'
        ? Response.json({
            data: [
              {
                id: 'd1',
                productId: PRODUCT_ID,
                orderItemId: ITEM_ID,
                createdAt: '2025-05-02T09:30:00.000Z',
                ipAddress: null,
                product: { name: 'Midnight Drums' },
              },
            ],
            hasMore: false,
          })
        : undefined,
    )
    renderHub()
    const log = await screen.findByRole('list', { name: 'Recent downloads' })
    expect(within(log).getByText('Midnight Drums')).toBeInTheDocument()
  })

  it('says "No purchases yet." with a way to the products', async () => {
    routes.push(purchases([]))
    renderHub()
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
  })

  it('shows the load error with a Retry that reads the purchases again', async () => {
    let calls = 0
    routes.push((url) => {
      if (url.pathname !== '/api/purchases') return undefined
      calls += 1
      return calls === 1
        ? Response.json({ error: { message: 'Failed to fetch purchased products', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
        : Response.json({ data: [makePurchase()] })
    }, noDownloads)
    renderHub()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load downloads. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await card('Midnight Drums')).toBeInTheDocument()
  })
})
