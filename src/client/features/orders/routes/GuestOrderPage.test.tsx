// @vitest-environment happy-dom
/**
 * The private order page: the order's items with their downloads left and a Download button (a
 * refunded one says so, without a button), the licence, the invitation to make an account with
 * the order's address; a download spends one through the link and the count drops; a link that
 * does not work says so and leads to "Find my order"; an item's licence key shows with its
 * activations, read-only.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Purchase } from '../../../../shared/contract/downloads.ts'
import type { LicenceKeyView } from '../../../../shared/contract/licence-keys.ts'
import type { GuestOrder } from '../../../../shared/contract/order-access.ts'
// The page as its route composes it (the order's downloads, app/OrderLinkDownloads.tsx).
import GuestOrderPage from '../../../app/routes/GuestOrderPage.tsx'

const TOKEN = 'k'.repeat(65)
const ORDER_ID = '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f'

function item(id: string, name: string, overrides: Partial<Purchase> = {}): Purchase {
  const productId = `${id.slice(0, 8)}-2222-4333-8444-555555555555`
  return {
    id,
    orderId: ORDER_ID,
    productId,
    quantity: 1,
    downloadsRemaining: 2,
    downloadLimit: 3,
    access: { state: 'active', reason: null, since: null },
    product: {
      id: productId,
      name,
      description: 'Dusty drum breaks.',
      imageUrl: null,
      fileSize: 157286400,
      downloadLimit: 3,
      category: null,
      fileVersion: null,
    },
    order: { id: ORDER_ID, orderNumber: '3A1B2C3D', createdAt: '2025-05-01T10:00:00.000Z' },
    ...overrides,
  }
}

const DRUMS = item('7f1e2d3c-4b5a-4968-8776-655443322110', 'Midnight Drums')
const KEYS = item('8f1e2d3c-4b5a-4968-8776-655443322111', 'Velvet Keys', {
  access: { state: 'revoked', reason: 'refunded', since: '2025-06-02T12:00:00.000Z' },
})

const order: GuestOrder = {
  orderNumber: '3A1B2C3D',
  status: 'PARTIALLY_REFUNDED',
  customerEmail: 'ada@example.com',
  belongsToAccount: false,
  createdAt: '2025-05-01T10:00:00.000Z',
  subtotalCents: 4998,
  discountCents: 0,
  taxCents: 0,
  totalAmountCents: 4998,
  refundedCents: 1999,
  promoCode: null,
  licence: { pagePath: '/licences/LIC', pdfPath: '/api/licences/LIC/certificate.pdf' },
  items: [DRUMS, KEYS],
}

/** Midnight Drums' generated key, activated on one machine of two. */
const DRUMS_KEY: LicenceKeyView = {
  id: 'k1',
  orderItemId: DRUMS.id,
  productId: DRUMS.productId,
  key: 'ALS-7Q2M-K9XD-4HNP-TR8W',
  kind: 'generated',
  state: 'active',
  activationLimit: 2,
  activations: [{ id: 'a1', instanceName: 'Studio Mac', activatedAt: '2025-05-02T10:00:00.000Z' }],
}

let answer: () => Response
let licenceKeys: LicenceKeyView[]
let keysAnswer: () => Response
let posts: { url: string; body: unknown }[]

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/orders/access/${TOKEN}`]}>
        <Routes>
          <Route path="/orders/access/:token" element={<GuestOrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  posts = []
  licenceKeys = []
  answer = () => Response.json({ data: order })
  keysAnswer = () => Response.json({ data: licenceKeys })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) })
      return Response.json({ downloadUrl: '/api/downloads/file/grant-1?signature=abc', downloadsRemaining: 1, expiresAt: '2025-05-01T10:10:00.000Z' })
    }
    if (url === `/api/order-access/${TOKEN}`) return answer()
    if (url === `/api/order-access/${TOKEN}/licence-keys`) return keysAnswer()
    return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('GuestOrderPage', () => {
  it('lists each item with its downloads left, a refunded one without a button, the licence and the account invitation', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Order #3A1B2C3D')
    const drums = await screen.findByRole('article', { name: 'Midnight Drums' })
    expect(within(drums).getByText(/Downloads remaining:/)).toHaveTextContent('Downloads remaining: 2 of 3')
    expect(within(drums).getByRole('button', { name: 'Download' })).toBeEnabled()
    const keys = screen.getByRole('article', { name: 'Velvet Keys' })
    expect(within(keys).getByText('Refunded on June 2, 2025: downloads are no longer available')).toBeInTheDocument()
    expect(within(keys).queryByRole('button', { name: 'Download' })).toBeNull()

    expect(screen.getByRole('link', { name: 'Licence certificate (PDF)' })).toHaveAttribute('href', '/api/licences/LIC/certificate.pdf')
    expect(screen.getByText(/to keep these in your Download Hub/)).toHaveTextContent(
      'Create an account with ada@example.com to keep these in your Download Hub.',
    )
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup')
  })

  it('downloads through the link: the browser gets the signed URL and the count drops', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    renderPage()
    const drums = await screen.findByRole('article', { name: 'Midnight Drums' })
    fireEvent.click(within(drums).getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(within(drums).getByText(/Downloads remaining:/)).toHaveTextContent('Downloads remaining: 1 of 3'))
    expect(posts).toEqual([{ url: `/api/order-access/${TOKEN}/downloads`, body: { orderItemId: DRUMS.id, productId: DRUMS.productId } }])
    expect(clicked).toEqual(['/api/downloads/file/grant-1?signature=abc'])
  })

  it('links the invoice and credit notes through the private link', async () => {
    const pdfPath = (id: string) => `/api/order-access/${TOKEN}/documents/${id}.pdf`
    answer = () =>
      Response.json({
        data: {
          ...order,
          documents: [
            { id: 'inv-1', kind: 'invoice', number: '2025-000042', issuedAt: order.createdAt, grossCents: 4998, currency: 'usd', pdfPath: pdfPath('inv-1') },
            {
              id: 'cn-1',
              kind: 'credit_note',
              number: 'CN-2025-000003',
              issuedAt: order.createdAt,
              grossCents: 1999,
              currency: 'usd',
              pdfPath: pdfPath('cn-1'),
            },
          ],
        },
      })
    renderPage()
    const section = await screen.findByRole('region', { name: 'Your invoice and credit notes' })
    expect(within(section).getByRole('link', { name: 'Invoice 2025-000042 (PDF)' })).toHaveAttribute('href', pdfPath('inv-1'))
    expect(within(section).getByRole('link', { name: 'Credit note CN-2025-000003 (PDF)' })).toHaveAttribute('href', pdfPath('cn-1'))
  })

  it("tells an account's buyer to sign in instead", async () => {
    answer = () => Response.json({ data: { ...order, belongsToAccount: true } })
    renderPage()
    expect(await screen.findByText('This order belongs to an account. Sign in to find it in your order history and Download Hub.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  })

  it('says a link that does not work does not, and leads to Find my order', async () => {
    answer = () => Response.json({ error: { message: 'This order link does not work.', status: 404, code: 'ORDER_LINK_NOT_FOUND' } }, { status: 404 })
    renderPage()
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("This order link doesn't work")
    expect(screen.getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/orders/find')
    expect(screen.queryByRole('list', { name: 'Your downloads' })).toBeNull()
  })

  it("shows an item's licence key with its activations, read-only (freeing one needs the buyer's account)", async () => {
    licenceKeys = [DRUMS_KEY]
    renderPage()
    const drums = await screen.findByRole('article', { name: 'Midnight Drums' })
    expect(await within(drums).findByText('ALS-7Q2M-K9XD-4HNP-TR8W')).toBeInTheDocument()
    expect(within(drums).getByText(/Activations:/)).toHaveTextContent('Activations: 1 of 2')
    expect(within(drums).getByText('Studio Mac')).toBeInTheDocument()
    expect(within(drums).queryByRole('button', { name: /Free/ })).toBeNull()
    expect(within(screen.getByRole('article', { name: 'Velvet Keys' })).queryByText(/Activations:/)).toBeNull()
  })

  it('says when the licence keys could not be loaded, keeps the downloads, and shows the keys after Try again', async () => {
    licenceKeys = [DRUMS_KEY]
    keysAnswer = () => Response.json({ error: { message: 'Server error', status: 500, code: 'INTERNAL' } }, { status: 500 })
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your licence keys could not be loaded.')
    expect(screen.getByRole('article', { name: 'Midnight Drums' })).toBeInTheDocument()
    keysAnswer = () => Response.json({ data: licenceKeys })
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('ALS-7Q2M-K9XD-4HNP-TR8W')).toBeInTheDocument()
    expect(screen.queryByText('Your licence keys could not be loaded.')).toBeNull()
  })
})
