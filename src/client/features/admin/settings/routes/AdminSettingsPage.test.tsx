// @vitest-environment happy-dom
/**
 * /admin/settings: the form opens with the store's settings; an http:// social link is refused
 * with a sentence before anything is sent; a save says "Settings saved" and sends the version it
 * was opened at; a save over a newer version shows the stale notice, and Reload shows the settings
 * as they are now.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultStoreSettings, type AdminStoreSettings } from '../../../../../shared/contract/store-settings.ts'
import AdminSettingsPage from './AdminSettingsPage.tsx'

const DEFAULTS = defaultStoreSettings('support@audiolab.store')
let current: AdminStoreSettings
let puts: Array<{ form: AdminStoreSettings['form']; version: number }>
let nextPut: () => Response

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  current = { form: DEFAULTS, defaults: DEFAULTS, version: 3, updatedAt: null }
  puts = []
  nextPut = () => {
    const save = puts.at(-1)!
    current = { ...current, form: save.form, version: current.version + 1 }
    return json(200, { data: current })
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/settings' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)))
        return nextPut()
      }
      if (url === '/api/admin/settings') return json(200, { data: current })
      return json(200, { data: {} })
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
      <AdminSettingsPage />
    </QueryClientProvider>,
  )
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('AdminSettingsPage', () => {
  it('refuses a social link that is not https with a sentence, and sends nothing', async () => {
    renderPage()
    await screen.findByLabelText('Store name')
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }))
    change('Label of link 5', 'Blog')
    change('Address of link 5', 'http://example.com/blog')
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('A social link must be a full address that starts with https://')).toBeInTheDocument()
    expect(puts).toHaveLength(0)
  })

  it('saves the form over the version it was opened at and says "Settings saved"', async () => {
    const success = vi.spyOn(toast, 'success')
    renderPage()
    expect(await screen.findByLabelText('Review claim')).toHaveValue('')
    change('Store name', 'Night Shift Sounds')
    change('Guarantee', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'))
    expect(puts[0]).toMatchObject({ version: 3, form: { storeName: 'Night Shift Sounds', guaranteeNote: '' } })
  })

  it('turns cart reminders on: the box is unticked until the owner ticks it, and the save sends it', async () => {
    renderPage()
    const box = await screen.findByRole('checkbox', { name: /Remind shoppers of a cart left unpaid for 24 hours/ })
    expect(box).not.toBeChecked()
    fireEvent.click(box)
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]).toMatchObject({ version: 3, form: { cartReminders: true, storeName: 'Audio Lab Store' } })
  })

  it('shows the stale notice when someone saved since, and Reload shows their settings', async () => {
    nextPut = () => {
      current = { ...current, form: { ...DEFAULTS, storeName: 'Their Name' }, version: 4 }
      return json(409, {
        error: {
          message: 'The settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
          status: 409,
          code: 'STALE_VERSION',
        },
      })
    }
    renderPage()
    await screen.findByLabelText('Store name')
    change('Store name', 'My Name')
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText(/changed by someone else since you opened them/)).toBeInTheDocument()
    expect(screen.getByLabelText('Store name')).toHaveValue('My Name')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.getByLabelText('Store name')).toHaveValue('Their Name'))
  })
})
