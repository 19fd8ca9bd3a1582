// @vitest-environment happy-dom
/** The profile's product update emails checkbox: one PATCH per change, the profile's toasts, and the old choice back when saving fails. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../shared/contract/profile.ts'
import { ProductUpdateEmailsSetting } from './ProductUpdateEmailsSetting.tsx'

const profile: Profile = {
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada',
  product_update_emails: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
}
let patches: unknown[]
let fail: boolean

/** The page's wiring: the checkbox shows the cached profile's choice, which a successful save replaces. */
function Cached() {
  const { data } = useQuery({ queryKey: ['profile', 'u1'], queryFn: () => profile, initialData: profile, staleTime: Infinity })
  return <ProductUpdateEmailsSetting userId="u1" enabled={data.product_update_emails} />
}
const renderSetting = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Cached />
    </QueryClientProvider>,
  )

beforeEach(() => {
  patches = []
  fail = false
  vi.stubGlobal('fetch', async (_input: string, init: RequestInit = {}) => {
    patches.push({ method: init.method, body: JSON.parse(String(init.body)) })
    if (fail) return Response.json({ error: { message: 'Database unavailable', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
    return Response.json({ data: { ...profile, product_update_emails: false } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const checkbox = () => screen.getByRole('checkbox', { name: 'Email me when a product I bought has a new version' })

describe('ProductUpdateEmailsSetting', () => {
  it('saves the choice as soon as it is unticked, with the success toast', async () => {
    const success = vi.spyOn(toast, 'success')
    renderSetting()
    expect(checkbox()).toBeChecked()
    fireEvent.click(checkbox())
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully'))
    expect(patches).toEqual([{ method: 'PATCH', body: { product_update_emails: false } }])
    await waitFor(() => expect(checkbox()).not.toBeChecked())
    expect(checkbox()).toBeEnabled()
  })

  it('shows the failure toast and the choice as it was when saving fails', async () => {
    fail = true
    const error = vi.spyOn(toast, 'error')
    renderSetting()
    fireEvent.click(checkbox())
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update profile'))
    await waitFor(() => expect(checkbox()).toBeEnabled())
    expect(checkbox()).toBeChecked()
  })
})
