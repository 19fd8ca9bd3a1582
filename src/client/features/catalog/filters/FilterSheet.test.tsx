// @vitest-environment happy-dom
/** FilterSheet: a modal dialog titled Filters, closed by Escape or "Show N products". */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FilterSheet } from './FilterSheet.tsx'

afterEach(cleanup)

describe('FilterSheet', () => {
  it('is a modal dialog that takes the focus and closes on Escape', () => {
    const onClose = vi.fn()
    render(
      <FilterSheet onClose={onClose} total={3}>
        <input aria-label="Min BPM" />
      </FilterSheet>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Filters' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('shows how many products the filters leave on its closing button', () => {
    const onClose = vi.fn()
    render(
      <FilterSheet onClose={onClose} total={1}>
        {null}
      </FilterSheet>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 product' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument()
  })

  it('offers "Clear all" when given, and "Show products" while the count loads', () => {
    const onClearAll = vi.fn()
    render(
      <FilterSheet onClose={vi.fn()} total={undefined} onClearAll={onClearAll}>
        {null}
      </FilterSheet>,
    )
    expect(screen.getByRole('button', { name: 'Show products' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(onClearAll).toHaveBeenCalledOnce()
  })
})
