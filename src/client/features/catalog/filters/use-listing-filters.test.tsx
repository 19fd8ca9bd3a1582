// @vitest-environment happy-dom
/** useListingFilters: the filters and sort live in the address, one history entry per change. */
import '@testing-library/jest-dom/vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useListingFilters } from './use-listing-filters.ts'

afterEach(cleanup)

function renderAt(url: string) {
  let router!: ReturnType<typeof createMemoryRouter>
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] })
    return <RouterProvider router={router} />
  }
  const hook = renderHook(() => ({ listing: useListingFilters(), location: useLocation(), navigationType: useNavigationType() }), { wrapper })
  return { ...hook, router: () => router }
}

describe('useListingFilters', () => {
  it('reads filters and the sort from the address', () => {
    const { result } = renderAt('/products?genre=Techno&bpmMin=120&bpmMax=130&sort=bpm-asc')
    expect(result.current.listing.filters).toEqual({ genre: ['Techno'], bpmMin: 120, bpmMax: 130 })
    expect(result.current.listing.sort.id).toBe('bpm-asc')
    expect(result.current.listing.narrowed).toBe(true)
  })

  it('sorts by relevance only with a search, and by newest by default', () => {
    expect(renderAt('/products?sort=relevance').result.current.listing.sort.id).toBe('newest')
    cleanup()
    expect(renderAt('/products?q=techno').result.current.listing.sort.id).toBe('relevance')
  })

  it('pushes each change as a history entry, keeping the category', () => {
    const { result } = renderAt('/products?category=sample-packs')
    act(() => result.current.listing.change({ genre: ['Techno'] }))
    expect(result.current.location.search).toBe('?category=sample-packs&genre=Techno')
    expect(result.current.navigationType).toBe('PUSH')
    act(() => result.current.listing.change({ bpmMin: 120, bpmMax: 130 }))
    expect(result.current.location.search).toBe('?category=sample-packs&bpmMin=120&bpmMax=130&genre=Techno')
    act(() => result.current.listing.change({ genre: undefined }))
    expect(result.current.location.search).toBe('?category=sample-packs&bpmMin=120&bpmMax=130')
  })

  it('adds no history entry when a change leaves the address as it is', () => {
    const { result, router } = renderAt('/products?genre=Techno')
    const before = router().state.historyAction
    act(() => result.current.listing.change({ genre: ['Techno'] }))
    expect(router().state.historyAction).toBe(before)
  })

  it('writes the default sort as no parameter', () => {
    const { result } = renderAt('/products?genre=Techno')
    act(() => result.current.listing.setSort('price-asc'))
    expect(result.current.location.search).toBe('?genre=Techno&sort=price-asc')
    act(() => result.current.listing.setSort('newest'))
    expect(result.current.location.search).toBe('?genre=Techno')
  })

  it('clears every filter but keeps the search, the category and the sort', () => {
    const { result } = renderAt('/products?category=sample-packs&q=warehouse&genre=Techno&onSale=true&key=Am&sort=rating')
    act(() => result.current.listing.clearFilters())
    expect(Object.fromEntries(new URLSearchParams(result.current.location.search))).toEqual({ category: 'sample-packs', q: 'warehouse', sort: 'rating' })
  })
})
