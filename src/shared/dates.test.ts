import { describe, expect, it } from 'vitest'
import { formatDate } from './dates.ts'

describe('formatDate', () => {
  it('shows a long en-US date for an ISO string and for a Date', () => {
    expect(formatDate('2025-03-05T12:00:00.000Z')).toBe('March 5, 2025')
    expect(formatDate(new Date(2025, 10, 21, 12))).toBe('November 21, 2025')
  })

  it('gives back text that is not a date unchanged', () => {
    expect(formatDate('soon')).toBe('soon')
  })
})
