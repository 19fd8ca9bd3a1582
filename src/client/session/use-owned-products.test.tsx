// @vitest-environment happy-dom
/** Owned products: read only for a signed-in shopper; a guest owns nothing and asks nothing. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession } from './use-session.ts'
import { useOwnedProductIds } from './use-owned-products.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('./use-session.ts', () => ({ useSession: () => session }))

let requests: string[]

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
}

beforeEach(() => {
  requests = []
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url)
    return Response.json({ data: ['plugin-1', 'pack-2'] })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  session.user = null
})

describe('useOwnedProductIds', () => {
  it('answers nothing and asks nothing for a guest', async () => {
    const { result } = renderHook(() => useOwnedProductIds(), { wrapper })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current).toEqual([])
    expect(requests).toEqual([])
  })

  it("reads a signed-in shopper's owned product ids", async () => {
    session.user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() }
    const { result } = renderHook(() => useOwnedProductIds(), { wrapper })
    await waitFor(() => expect(result.current).toEqual(['plugin-1', 'pack-2']))
    expect(requests).toEqual(['/api/purchases/owned-products'])
  })
})
