// @vitest-environment happy-dom
/** FilterPanel: facet counts, disabled empty options, and changes as the address will carry them. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogFacets, CatalogFilters } from '../../../../shared/contract/catalog-filters.ts'
import { FilterPanel } from './FilterPanel.tsx'

afterEach(cleanup)

const FACETS: CatalogFacets = {
  genre: [
    { value: 'Techno', count: 1 },
    { value: 'House', count: 3 },
    { value: 'Ambient', count: 0 },
  ],
  key: [
    { value: 'Am', count: 4 },
    { value: 'C', count: 2 },
    { value: 'Em', count: 1 },
  ],
  type: [
    { value: 'loops', count: 5 },
    { value: 'midi', count: 2 },
  ],
  tag: [{ value: 'acid', count: 1 }],
  bpm: { min: 84, max: 174 },
  price: { min: 999, max: 4999 },
  onSale: 0,
}

function renderPanel(filters: CatalogFilters = {}, facets: CatalogFacets | undefined = FACETS) {
  const onChange = vi.fn()
  render(<FilterPanel filters={filters} facets={facets} onChange={onChange} />)
  return onChange
}

describe('FilterPanel', () => {
  it('shows each option with how many products it would leave, and disables options that would leave none', () => {
    renderPanel()
    const genres = within(screen.getByRole('group', { name: 'Genre' }))
    expect(genres.getByRole('checkbox', { name: 'Techno (1)' })).toBeEnabled()
    expect(genres.getByRole('checkbox', { name: 'Ambient (0)' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Loops (5)' })).toBeEnabled()
    expect(screen.getByRole('checkbox', { name: 'Presets (0)' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'On sale (0)' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Am (4)' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'F#m (0)' })).toBeDisabled()
  })

  it('keeps a selected option enabled at 0 so it can be unticked', () => {
    const onChange = renderPanel({ genre: ['Ambient', 'Techno'], type: ['presets'] })
    const ambient = screen.getByRole('checkbox', { name: 'Ambient (0)' })
    expect(ambient).toBeEnabled()
    expect(ambient).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Presets (0)' })).toBeEnabled()
    fireEvent.click(ambient)
    expect(onChange).toHaveBeenCalledWith({ genre: ['Techno'] })
  })

  it('lists a selected genre the facets no longer carry', () => {
    renderPanel({ genre: ['Dubstep'] })
    expect(screen.getByRole('checkbox', { name: 'Dubstep (0)' })).toBeChecked()
  })

  it('adds a ticked genre and removes the last one as undefined', () => {
    const onChange = renderPanel({ genre: ['House'] })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Techno (1)' }))
    expect(onChange).toHaveBeenLastCalledWith({ genre: ['House', 'Techno'] })
    fireEvent.click(screen.getByRole('checkbox', { name: 'House (3)' }))
    expect(onChange).toHaveBeenLastCalledWith({ genre: undefined })
  })

  it('applies the BPM range on Enter or blur, not on each keystroke, with the available range as placeholders', () => {
    const onChange = renderPanel()
    const min = screen.getByRole('spinbutton', { name: 'Min BPM' })
    const max = screen.getByRole('spinbutton', { name: 'Max BPM' })
    expect(min).toHaveAttribute('placeholder', '84')
    expect(max).toHaveAttribute('placeholder', '174')
    fireEvent.change(min, { target: { value: '12' } })
    fireEvent.change(min, { target: { value: '120' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.keyDown(min, { key: 'Enter' })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenLastCalledWith({ bpmMin: 120, bpmMax: undefined })
    // Leaving the field after Enter applies nothing new.
    fireEvent.blur(min)
    expect(onChange).toHaveBeenCalledTimes(1)
    fireEvent.change(max, { target: { value: '130' } })
    fireEvent.blur(max)
    expect(onChange).toHaveBeenLastCalledWith({ bpmMin: 120, bpmMax: 130 })
  })

  it('swaps a minimum above the maximum and keeps BPM within the API limits', () => {
    const onChange = renderPanel()
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Min BPM' }), { target: { value: '999' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Max BPM' }), { target: { value: '90' } })
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Max BPM' }), { key: 'Enter' })
    expect(onChange).toHaveBeenLastCalledWith({ bpmMin: 90, bpmMax: 400 })
  })

  it('reads prices in dollars and sends cents', () => {
    const onChange = renderPanel({ priceMin: 1050 })
    const min = screen.getByRole('spinbutton', { name: 'Min price' })
    expect(min).toHaveValue(10.5)
    expect(screen.getByRole('spinbutton', { name: 'Max price' })).toHaveAttribute('placeholder', '50')
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Max price' }), { target: { value: '29.99' } })
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Max price' }), { key: 'Enter' })
    expect(onChange).toHaveBeenLastCalledWith({ priceMin: 1050, priceMax: 2999 })
  })

  it('shows the values of a new address (Back, a removed chip) in the number fields', () => {
    const onChange = vi.fn()
    const { rerender } = render(<FilterPanel filters={{ bpmMin: 120 }} facets={FACETS} onChange={onChange} />)
    expect(screen.getByRole('spinbutton', { name: 'Min BPM' })).toHaveValue(120)
    rerender(<FilterPanel filters={{}} facets={FACETS} onChange={onChange} />)
    expect(screen.getByRole('spinbutton', { name: 'Min BPM' })).toHaveValue(null)
  })

  it('shows no counts and disables nothing while the facets load', () => {
    render(<FilterPanel filters={{}} facets={undefined} onChange={vi.fn()} />)
    expect(screen.getByRole('checkbox', { name: 'Presets' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'F#m' })).toBeEnabled()
  })
})

describe('KeyFilter in the panel', () => {
  it('toggles keys as "any of"', () => {
    const onChange = renderPanel({ key: ['Am'] })
    expect(screen.getByRole('button', { name: 'Am (4)' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'C (2)' }))
    expect(onChange).toHaveBeenLastCalledWith({ key: ['Am', 'C'] })
  })

  it('switches to compatible keys with the chosen key, and counts what each key and its neighbours would leave', () => {
    const onChange = renderPanel({ key: ['Am'] })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compatible keys' }))
    expect(onChange).toHaveBeenLastCalledWith({ compatible: 'Am', key: undefined })
    cleanup()
    renderPanel({ compatible: 'Am' })
    expect(screen.getByRole('checkbox', { name: 'Compatible keys' })).toBeChecked()
    // A minor mixes with C major, D minor and E minor: 4 + 2 + 0 + 1.
    expect(screen.getByRole('button', { name: 'Am (7)' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText('A minor (8A) mixes with C, Dm, Em.')).toBeInTheDocument()
  })
})
