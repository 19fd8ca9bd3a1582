// @vitest-environment happy-dom
/**
 * Licence keys in the Download Hub: every card's keys come from one request; a key shows its text,
 * "Activations: 1 of 2" and its machines; Free calls DELETE for that activation and the count is
 * read again; Copy puts the key on the clipboard; a revoked key says so; an owed serial says it
 * comes by email.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Purchase } from '../../../shared/contract/downloads.ts'
import type { LicenceKeyView } from '../../../shared/contract/licence-keys.ts'
import type { AuthSession } from '../../session/use-session.ts'

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))
const session: AuthSession = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../session/use-session.ts', () => ({ useSession: () => session }))

const { default: DownloadHubPage } = await import('./routes/DownloadHubPage.tsx')
const { LicenceKeyBox } = await import('./LicenceKeyBox.tsx')

function purchase(id: string, name: string): Purchase {
  return {
    id,
    orderId: 'o1',
    productId: `p-${id}`,
    quantity: 1,
    downloadsRemaining: 3,
    downloadLimit: 3,
    access: { state: 'active', reason: null, since: null },
    product: { id: `p-${id}`, name, description: '', imageUrl: null, fileSize: 1048576, downloadLimit: 3, category: null, fileVersion: null },
    order: { id: 'o1', orderNumber: 'ALS-1', createdAt: '2026-11-01T10:00:00.000Z' },
  }
}

const GENERATED: LicenceKeyView = {
  id: 'k1',
  orderItemId: 'i1',
  productId: 'p-i1',
  key: 'ALS-7Q2M-K9XD-4HNP-TR8W',
  kind: 'generated',
  state: 'active',
  activationLimit: 2,
  activations: [{ id: 'a1', instanceName: 'Studio Mac', activatedAt: '2026-11-02T10:00:00.000Z' }],
}
const OWED: LicenceKeyView = { ...GENERATED, id: 'k2', orderItemId: 'i2', productId: 'p-i2', key: null, kind: 'serial', activationLimit: null, activations: [] }

let keys: LicenceKeyView[]
let keysFail: boolean
let requests: { method: string; path: string }[]

beforeEach(() => {
  keys = [GENERATED, OWED]
  keysFail = false
  requests = []
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    requests.push({ method: init.method ?? 'GET', path: url.pathname })
    if (url.pathname === '/api/purchases') return Response.json({ data: [purchase('i1', 'Tape Echo'), purchase('i2', 'Grand Piano')] })
    if (url.pathname === '/api/licence-keys')
      return keysFail ? Response.json({ error: { message: 'Boom', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 }) : Response.json({ data: keys })
    if (init.method === 'DELETE' && url.pathname === '/api/licence-keys/k1/activations/a1') {
      keys = [{ ...GENERATED, activations: [] }, OWED]
      return new Response(null, { status: 204 })
    }
    if (url.pathname === '/api/downloads') return Response.json({ data: [], hasMore: false })
    return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderHub() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DownloadHubPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('Licence keys in the Download Hub', () => {
  it("shows each item's key from one request: the key, its activations of its limit and its machines; an owed serial comes by email", async () => {
    renderHub()
    const echo = await screen.findByRole('article', { name: 'Tape Echo' })
    expect(await within(echo).findByText('ALS-7Q2M-K9XD-4HNP-TR8W')).toBeInTheDocument()
    expect(within(echo).getByText(/Activations:/)).toHaveTextContent('Activations: 1 of 2')
    expect(within(within(echo).getByRole('list', { name: 'Activations' })).getByText('Studio Mac')).toBeInTheDocument()
    const piano = screen.getByRole('article', { name: 'Grand Piano' })
    expect(within(piano).getByText('Your serial will be sent by email when the vendor\u2019s next serials arrive.')).toBeInTheDocument()
    expect(requests.filter((request) => request.path === '/api/licence-keys')).toHaveLength(1)
  })

  it('frees an activation with DELETE and shows the count read again', async () => {
    renderHub()
    const echo = await screen.findByRole('article', { name: 'Tape Echo' })
    fireEvent.click(await within(echo).findByRole('button', { name: 'Free Studio Mac' }))
    await waitFor(() => expect(within(echo).getByText(/Activations:/)).toHaveTextContent('Activations: 0 of 2'))
    expect(requests).toContainEqual({ method: 'DELETE', path: '/api/licence-keys/k1/activations/a1' })
    expect(toast.success).toHaveBeenCalledWith('Activation freed: the key can be activated on another machine')
  })

  it('copies the key to the clipboard with a toast', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderHub()
    const echo = await screen.findByRole('article', { name: 'Tape Echo' })
    fireEvent.click(await within(echo).findByRole('button', { name: 'Copy key' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Key copied'))
    expect(writeText).toHaveBeenCalledWith('ALS-7Q2M-K9XD-4HNP-TR8W')
  })

  it('says when the keys could not be read, and reads them again on Try again', async () => {
    keysFail = true
    renderHub()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your licence keys could not be loaded.')
    expect(screen.getByRole('article', { name: 'Tape Echo' })).toBeInTheDocument()
    keysFail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('ALS-7Q2M-K9XD-4HNP-TR8W')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('LicenceKeyBox', () => {
  it('says a revoked or suspended key no longer works, and lists activations without Free when read-only', () => {
    const { rerender } = render(<LicenceKeyBox licenceKey={{ ...GENERATED, state: 'revoked' }} />)
    expect(screen.getByText('This key has been revoked')).toBeInTheDocument()
    expect(screen.getByText('Studio Mac')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Free/ })).toBeNull()
    rerender(<LicenceKeyBox licenceKey={{ ...GENERATED, state: 'suspended' }} />)
    expect(screen.getByText('This key is suspended while its payment is disputed')).toBeInTheDocument()
  })
})
