// @vitest-environment happy-dom
/** The profile's cart reminder checkbox: ticked until unticked, one PATCH per change with the profile's toasts, and the old choice back when saving fails. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CartReminderEmailsSetting } from './CartReminderEmailsSetting.tsx'

let requests: Array<{ url: string; method: string; body: unknown }>
let stored: boolean
let failSave: boolean

beforeEach(() => {
  requests = []
  stored = true
  failSave = false
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined })
    if (method === 'PATCH') {
      if (failSave) return Response.json({ error: { message: 'Database unavailable', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
      stored = (JSON.parse(String(init.body)) as { cartReminders: boolean }).cartReminders
    }
    return Response.json({ data: { cartReminders: stored } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderSetting = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CartReminderEmailsSetting userId="u1" />
    </QueryClientProvider>,
  )

const checkbox = () => screen.findByRole('checkbox', { name: 'Email me a reminder about a cart I left' })

describe('CartReminderEmailsSetting', () => {
  it('is ticked by default and saves the choice as soon as it is unticked, with the success toast', async () => {
    const success = vi.spyOn(toast, 'success')
    renderSetting()
    expect(await checkbox()).toBeChecked()
    fireEvent.click(await checkbox())
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully'))
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
      { url: '/api/email-preferences', method: 'PATCH', body: { cartReminders: false } },
    ])
    await waitFor(async () => expect(await checkbox()).not.toBeChecked())
    expect(await checkbox()).toBeEnabled()
  })

  it('shows an unticked box to a shopper who turned reminders off', async () => {
    stored = false
    renderSetting()
    expect(await checkbox()).not.toBeChecked()
  })

  it('shows the failure toast and the choice as it was when saving fails', async () => {
    failSave = true
    const error = vi.spyOn(toast, 'error')
    renderSetting()
    fireEvent.click(await checkbox())
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update profile'))
    await waitFor(async () => expect(await checkbox()).toBeEnabled())
    expect(await checkbox()).toBeChecked()
  })
})
