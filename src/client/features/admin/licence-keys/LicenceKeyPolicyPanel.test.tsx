// @vitest-environment happy-dom
/**
 * The product page's Licence keys panel: a generated-key policy is saved with its activations
 * per key; a serial pool shows left, assigned and owed with a warning at or under its threshold;
 * a CSV upload is sent as text and its report shows line by line; a file larger than the console
 * imports is refused with the sentence that points to the CLI (by the server, or before sending).
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SERIAL_IMPORT_MAX_BYTES, SERIAL_IMPORT_MESSAGES, type AdminKeyPolicy, type SerialImportReport } from '../../../../shared/contract/licence-keys.ts'
import { LicenceKeyPolicyPanel } from './LicenceKeyPolicyPanel.tsx'

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))

const PRODUCT_ID = '11111111-2222-4333-8444-555555555555'
const NONE: AdminKeyPolicy = {
  kind: 'none',
  activationLimit: null,
  lowSerialsThreshold: 10,
  serialSentLater: false,
  serialsLeft: 0,
  serialsAssigned: 0,
  serialsOwed: 0,
  lowSerials: false,
}
const REPORT: SerialImportReport = {
  added: 2,
  skipped: 1,
  delivered: 1,
  lines: [
    { line: 1, serial: 'SN-0001', outcome: 'added', message: null },
    { line: 2, serial: 'SN-0002', outcome: 'added', message: null },
    { line: 3, serial: 'SN-0001', outcome: 'duplicate', message: 'Already in the pool' },
  ],
}

let stored: AdminKeyPolicy
let sent: { method: string; path: string; body: unknown }[]

beforeEach(() => {
  stored = NONE
  sent = []
  vi.mocked(toast.success).mockClear()
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    const body: unknown = init.body ? JSON.parse(String(init.body)) : null
    if (method !== 'GET') sent.push({ method, path: input, body })
    if (input.endsWith('/key-policy') && method === 'PUT') stored = { ...stored, ...(body as AdminKeyPolicy) }
    if (input.endsWith('/serials')) {
      stored = { ...stored, serialsLeft: stored.serialsLeft + REPORT.added }
      return Response.json({ data: REPORT })
    }
    return Response.json({ data: stored })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LicenceKeyPolicyPanel productId={PRODUCT_ID} />
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Licence keys' })
}

describe('LicenceKeyPolicyPanel', () => {
  it('saves generated keys with their activations per key', async () => {
    const panel = renderPanel()
    fireEvent.click(await within(panel).findByRole('radio', { name: /Generated keys/ }))
    fireEvent.change(within(panel).getByLabelText('Activations per key'), { target: { value: '3' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save licence keys' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Licence key policy saved'))
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/products/${PRODUCT_ID}/key-policy`,
        body: { kind: 'generated', activationLimit: 3, lowSerialsThreshold: 10, serialSentLater: false },
      },
    ])
  })

  it('shows the serial pool and warns when the serials left are at or under the threshold', async () => {
    stored = { ...NONE, kind: 'serials', serialsLeft: 3, serialsAssigned: 47, serialsOwed: 0, lowSerials: true, serialSentLater: true }
    const panel = renderPanel()
    expect(await within(panel).findByLabelText('Serial pool')).toHaveTextContent('Left3Assigned47Owed0')
    expect(within(panel).getByRole('status')).toHaveTextContent('Only 3 serials left (you are warned at 10): upload more before the product sells out.')
    expect(within(panel).getByLabelText('Warn when this many serials are left')).toHaveValue(10)
    expect(within(panel).getByRole('checkbox', { name: /Serial sent later when sold out/ })).toBeChecked()
  })

  it('uploads a CSV file as text and shows the report line by line', async () => {
    stored = { ...NONE, kind: 'serials', serialsLeft: 40, serialsAssigned: 2, lowSerials: false }
    const panel = renderPanel()
    const csv = 'serial\nSN-0001\nSN-0002\nSN-0001\n'
    fireEvent.change(await within(panel).findByLabelText('Upload serials (CSV)'), { target: { files: [new File([csv], 'serials.csv', { type: 'text/csv' })] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import serials' }))
    const report = await within(panel).findByRole('region', { name: 'Import report' })
    expect(report).toHaveTextContent('2 added, 1 skipped, 1 sent to buyers who were waiting.')
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Line 1: SN-0001 · added', 'Line 2: SN-0002 · added', 'Line 3: SN-0001 · duplicate · Already in the pool'])
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/products/${PRODUCT_ID}/serials`, body: { csv } }])
    // The pool is read again; the report stays.
    await waitFor(() => expect(within(panel).getByLabelText('Serial pool')).toHaveTextContent('Left42Assigned2Owed0'))
    expect(within(panel).getByRole('region', { name: 'Import report' })).toBeInTheDocument()
    expect(within(panel).queryByRole('status')).toBeNull()
  })

  it("shows the server's sentence when the file is larger than the console imports", async () => {
    stored = { ...NONE, kind: 'serials' }
    const answer = { error: { message: SERIAL_IMPORT_MESSAGES.tooLarge, status: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' } }
    const fetchPolicy = globalThis.fetch
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) =>
      input.endsWith('/serials') ? Response.json(answer, { status: 413 }) : fetchPolicy(input, init),
    )
    const panel = renderPanel()
    fireEvent.change(await within(panel).findByLabelText('Upload serials (CSV)'), { target: { files: [new File(['SN-1\n'], 'serials.csv')] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import serials' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent(SERIAL_IMPORT_MESSAGES.tooLarge)
  })

  it('refuses a file over the size the console imports before sending it, with the same sentence', async () => {
    stored = { ...NONE, kind: 'serials' }
    const panel = renderPanel()
    const large = new File(['SN-1\n'.repeat(SERIAL_IMPORT_MAX_BYTES / 5 + 1)], 'serials.csv', { type: 'text/csv' })
    expect(large.size).toBeGreaterThan(SERIAL_IMPORT_MAX_BYTES)
    fireEvent.change(await within(panel).findByLabelText('Upload serials (CSV)'), { target: { files: [large] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import serials' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent(SERIAL_IMPORT_MESSAGES.tooLarge)
    expect(sent).toEqual([])
  })
})
