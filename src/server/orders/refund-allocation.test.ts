/**
 * Which items a refund covers: named items, amount-only refunds most expensive first, failed
 * refunds covering nothing, and a refund of everything covering every item.
 */
import { describe, expect, it } from 'vitest'
import { coveredItemIds, itemShareCents, paidCentsOf, refundAmountFor } from './refund-allocation.ts'

const drums = { id: 'a-drums', priceCents: 4999, quantity: 1 }
const keys = { id: 'b-keys', priceCents: 2999, quantity: 1 }
const midi = { id: 'c-midi', priceCents: 999, quantity: 1 }
const items = [midi, keys, drums]
// $89.97 of products, a $10 promo and $4.00 of tax: the buyer paid $83.97.
const order = { subtotalCents: 8997, totalAmountCents: 8397 }
const succeeded = (amountCents: number, orderItemIds: string[] | null = null) => ({ amountCents, status: 'succeeded', orderItemIds })
const covered = (refunds: Parameters<typeof coveredItemIds>[2]) => [...coveredItemIds(items, order, refunds)].sort()

describe('an item share', () => {
  it('spreads the discount and tax over the lines in proportion to their price, rounded down', () => {
    expect(itemShareCents(drums, order)).toBe(4665)
    expect(itemShareCents(keys, order)).toBe(2799)
    expect(itemShareCents(midi, order)).toBe(932)
    expect(itemShareCents(drums, order) + itemShareCents(keys, order) + itemShareCents(midi, order)).toBeLessThanOrEqual(order.totalAmountCents)
  })

  it('counts every unit of a line', () => {
    expect(itemShareCents({ id: 'x', priceCents: 1000, quantity: 3 }, { subtotalCents: 3000, totalAmountCents: 3000 })).toBe(3000)
  })
})

describe('the items a refund covers', () => {
  it('a refund of everything paid covers every item', () => {
    expect(covered([succeeded(8397)])).toEqual(['a-drums', 'b-keys', 'c-midi'])
  })

  it('an amount covers the most expensive item it pays back in full, then the next that still fits', () => {
    expect(covered([succeeded(4665)])).toEqual(['a-drums'])
    // Enough for the drums and the MIDI pack, not for the keys: the keys are skipped, the MIDI pack fits.
    expect(covered([succeeded(4665 + 932)])).toEqual(['a-drums', 'c-midi'])
  })

  it('an amount smaller than any item share covers no item (a goodwill refund)', () => {
    expect(covered([succeeded(500)])).toEqual([])
  })

  it('a refund we started covers the items it names, whatever its amount', () => {
    expect(covered([succeeded(932, ['c-midi'])])).toEqual(['c-midi'])
  })

  it('named and amount-only refunds add up: the amount covers items the names left', () => {
    expect(covered([succeeded(932, ['c-midi']), succeeded(2799)])).toEqual(['b-keys', 'c-midi'])
  })

  it('failed and cancelled refunds cover nothing; pending ones count', () => {
    expect(
      covered([
        { amountCents: 8397, status: 'failed', orderItemIds: null },
        { amountCents: 4665, status: 'canceled', orderItemIds: null },
      ]),
    ).toEqual([])
    expect(covered([{ amountCents: 4665, status: 'pending', orderItemIds: null }])).toEqual(['a-drums'])
  })
})

describe('what refunding items gives back', () => {
  const all = new Set(items.map((item) => item.id))

  it('the items shares while others remain', () => {
    expect(refundAmountFor(items, order, 0, all, ['b-keys'])).toBe(2799)
  })

  it('everything still unrefunded when the items are all that is left, so no cent is kept by rounding', () => {
    expect(refundAmountFor(items, order, 0, all, ['a-drums', 'b-keys', 'c-midi'])).toBe(8397)
    expect(refundAmountFor(items, order, 4665, new Set(['b-keys', 'c-midi']), ['c-midi', 'b-keys'])).toBe(8397 - 4665)
  })

  it('never more than the items were paid: the last item of a discounted order does not take the cents the others were rounded down by', () => {
    // Three $3.33 packs with $1.00 off: $8.99 paid, $2.9966… for each pack, a 299-cent share.
    const packs = ['p1', 'p2', 'p3'].map((id) => ({ id, priceCents: 333, quantity: 1 }))
    const discounted = { subtotalCents: 999, totalAmountCents: 899 }
    expect(refundAmountFor(packs, discounted, 0, new Set(['p1', 'p2', 'p3']), ['p1'])).toBe(299)
    expect(refundAmountFor(packs, discounted, 299, new Set(['p2', 'p3']), ['p2'])).toBe(299)
    // 899 − 598 = 301 is left of the payment, but the last pack was paid 299.67: 300 at most.
    expect(refundAmountFor(packs, discounted, 598, new Set(['p3']), ['p3'])).toBe(300)
    expect(paidCentsOf([packs[2]!], discounted)).toBe(300)
    // All three at once give back everything paid.
    expect(refundAmountFor(packs, discounted, 0, new Set(['p1', 'p2', 'p3']), ['p1', 'p2', 'p3'])).toBe(899)
  })

  it('never more than the items were paid, even when the earlier refunds gave back less than the items they cover', () => {
    // A refund of the drums for $10 only (named by our metadata): the rest of the payment is not the MIDI pack's.
    expect(refundAmountFor(items, order, 1000 + 2799, new Set(['c-midi']), ['c-midi'])).toBe(paidCentsOf([midi], order))
    expect(paidCentsOf([midi], order)).toBe(933)
  })
})
