// @vitest-environment happy-dom
/** ActiveFilterChips: one removable chip per active filter, and "Clear all". */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogFilters } from '../../../../shared/contract/catalog-filters.ts'
import { ActiveFilterChips } from './ActiveFilterChips.tsx'

afterEach(cleanup)

function renderChips(filters: CatalogFilters) {
  const onChange = vi.fn()
  const onClearAll = vi.fn()
  render(<ActiveFilterChips filters={filters} onChange={onChange} onClearAll={onClearAll} />)
  return { onChange, onClearAll }
}

describe('ActiveFilterChips', () => {
  it('names every active filter in the shopper’s terms', () => {
    renderChips({
      q: 'warehouse',
      genre: ['Techno'],
      type: ['one-shots'],
      bpmMin: 120,
      bpmMax: 130,
      key: ['C#m'],
      compatible: 'Am',
      tag: ['acid'],
      priceMax: 2999,
      onSale: true,
    })
    const labels = within(screen.getByRole('list', { name: 'Active filters' }))
      .getAllByRole('button', { name: /^Remove filter / })
      .map((chip) => chip.textContent)
    expect(labels).toEqual(['“warehouse”', 'One-shots', 'Techno', '120–130 BPM', 'Key: C# minor', 'Mixes with A minor', '#acid', 'Up to $29.99', 'On sale'])
  })

  it('removes one value of a list, and a whole range at once', () => {
    const { onChange } = renderChips({ genre: ['House', 'Techno'], bpmMin: 120 })
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Techno' }))
    expect(onChange).toHaveBeenLastCalledWith({ genre: ['House'] })
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter From 120 BPM' }))
    expect(onChange).toHaveBeenLastCalledWith({ bpmMin: undefined, bpmMax: undefined })
  })

  it('clears all, and shows nothing without filters', () => {
    const { onClearAll } = renderChips({ genre: ['Techno'] })
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(onClearAll).toHaveBeenCalledOnce()
    cleanup()
    renderChips({})
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument()
  })

  it('offers no "Clear all" for a search alone (it keeps the search)', () => {
    renderChips({ q: 'techno' })
    expect(screen.getByRole('button', { name: 'Remove filter “techno”' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument()
  })
})
