import { describe, expect, it } from 'vitest'
import { isClosedDispute, refundedCentsOf } from './after-sale.ts'

describe('dispute statuses', () => {
  it('are closed once the bank has decided (won, lost, warning_closed, prevented), open while it has not', () => {
    expect(['won', 'lost', 'warning_closed', 'prevented'].map(isClosedDispute)).toEqual([true, true, true, true])
    expect(['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'].map(isClosedDispute)).toEqual([false, false, false, false])
  })
})

describe('refundedCentsOf', () => {
  it('counts pending, requires_action and succeeded refunds, not failed nor canceled ones', () => {
    const refunds = [
      { status: 'succeeded', amountCents: 500 },
      { status: 'pending', amountCents: 200 },
      { status: 'requires_action', amountCents: 100 },
      { status: 'failed', amountCents: 1000 },
      { status: 'canceled', amountCents: 2000 },
    ]
    expect(refundedCentsOf(refunds)).toBe(800)
    expect(refundedCentsOf([])).toBe(0)
  })
})
