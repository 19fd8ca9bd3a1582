// @vitest-environment happy-dom
/**
 * The order page's Licence keys panel: each item's key, state and "Activations: 1 of 2"; Revoke
 * asks first, then calls the key's revoke endpoint with a toast; Add activations sends the
 * number; support staff see the keys without the actions; an order without keys shows nothing.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LicenceKeyView } from '../../../../shared/contract/licence-keys.ts'
import { OrderLicenceKeysPanel } from './OrderLicenceKeysPanel.tsx'

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))

const ORDER = { id: 'o1', status: 'COMPLETED' as const, items: [{ id: 'i1', name: 'Tape Echo' }] } as unknown as Parameters<
  typeof OrderLicenceKeysPanel
>[0]['order']
const KEY: LicenceKeyView = {
  id: 'k1',
  orderItemId: 'i1',
  productId: 'p1',
  key: 'ALS-7Q2M-K9XD-4HNP-TR8W',
  kind: 'generated',
  state: 'active',
  activationLimit: 2,
  activations: [{ id: 'a1', instanceName: 'Studio Mac', activatedAt: '2026-11-02T10:00:00.000Z' }],
}

let keys: LicenceKeyView[]
let sent: { path: string; body: unknown }[]

beforeEach(() => {
  keys = [KEY]
  sent = []
  vi.mocked(toast.success).mockClear()
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') return Response.json({ data: keys })
    const body: unknown = init.body ? JSON.parse(String(init.body)) : null
    sent.push({ path: input, body })
    if (input.endsWith('/revoke')) return Response.json({ data: { ...KEY, state: 'revoked' } })
    return Response.json({ data: { ...KEY, activationLimit: KEY.activationLimit! + (body as { activations: number }).activations } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPanel(canAct = true) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderLicenceKeysPanel order={ORDER} canAct={canAct} />
    </QueryClientProvider>,
  )
}

describe('OrderLicenceKeysPanel', () => {
  it("shows each item's key, its state and activations used of its limit", async () => {
    renderPanel()
    const row = await screen.findByRole('listitem', { name: 'Tape Echo' })
    expect(within(row).getByText('ALS-7Q2M-K9XD-4HNP-TR8W')).toBeInTheDocument()
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(within(row).getByText('Activations: 1 of 2')).toBeInTheDocument()
    expect(within(row).getByText(/Studio Mac/)).toBeInTheDocument()
  })

  it('revokes after a confirmation, calling the revoke endpoint, with a toast', async () => {
    renderPanel()
    const row = await screen.findByRole('listitem', { name: 'Tape Echo' })
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }))
    expect(sent).toEqual([])
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', { name: 'Revoke key' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Key revoked: it no longer validates'))
    expect(sent).toEqual([{ path: '/api/admin/licence-keys/k1/revoke', body: null }])
    expect(await within(row).findByText('Revoked')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeDisabled()
  })

  it('adds activations', async () => {
    renderPanel()
    const row = await screen.findByRole('listitem', { name: 'Tape Echo' })
    fireEvent.change(within(row).getByLabelText('Activations to add'), { target: { value: '3' } })
    fireEvent.click(within(row).getByRole('button', { name: 'Add activations' }))
    await waitFor(() => expect(within(row).getByText('Activations: 1 of 5')).toBeInTheDocument())
    expect(sent).toEqual([{ path: '/api/admin/licence-keys/k1/activations', body: { activations: 3 } }])
    expect(toast.success).toHaveBeenCalledWith('Activations added')
  })

  it('offers support staff no actions, and shows nothing for an order without keys', async () => {
    const { unmount } = renderPanel(false)
    const row = await screen.findByRole('listitem', { name: 'Tape Echo' })
    expect(within(row).queryByRole('button')).toBeNull()
    unmount()
    keys = []
    const { container } = renderPanel()
    await waitFor(() => expect(container).toBeEmptyDOMElement())
  })
})
