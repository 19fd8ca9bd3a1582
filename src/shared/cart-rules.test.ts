import { describe, expect, it } from 'vitest'
import {
  checkAdd,
  checkUpdate,
  lineKey,
  MAX_LINE_QUANTITY,
  mergeCarts,
  ownershipError,
  quantityCap,
  quantityLabel,
  quantityRuleOf,
  type MergeableLine,
} from './cart-rules.ts'

const plain = { isDigital: false, purchaseLimit: null }
const limited3 = { isDigital: false, purchaseLimit: 3 }
const digital = { isDigital: true, purchaseLimit: null }

describe('quantity rules', () => {
  it('reads the digital flag and the purchase limit from metadata', () => {
    expect(quantityRuleOf({ product_type: 'digital_download' })).toEqual({ isDigital: true, purchaseLimit: null })
    expect(quantityRuleOf({ purchase_limit: '1' })).toEqual({ isDigital: true, purchaseLimit: 1 })
    expect(quantityRuleOf({ purchase_limit: '5' })).toEqual({ isDigital: false, purchaseLimit: 5 })
    expect(quantityRuleOf({})).toEqual(plain)
    expect(quantityRuleOf(null)).toEqual(plain)
  })

  it('locks a digital download at 1 and caps others by their limit or the store maximum', () => {
    expect(quantityCap(digital)).toBe(1)
    expect(quantityCap({ isDigital: true, purchaseLimit: 1 })).toBe(1)
    expect(quantityCap(limited3)).toBe(3)
    expect(quantityCap(plain)).toBe(MAX_LINE_QUANTITY)
  })

  it('allows adding up to the limit and refuses beyond it with the limit message', () => {
    expect(checkAdd(1, 2, limited3)).toEqual({ ok: true, quantity: 3 })
    expect(checkAdd(2, 2, limited3)).toEqual({ ok: false, message: 'Cannot add more than 3 of this item to your cart' })
    expect(checkAdd(0, 1, digital)).toEqual({ ok: true, quantity: 1 })
    expect(checkAdd(1, 1, digital)).toEqual({ ok: false, message: 'Cannot add more than 1 of this item to your cart' })
    expect(checkAdd(99, 1, plain)).toEqual({ ok: true, quantity: 100 })
    expect(checkAdd(100, 1, plain)).toEqual({ ok: false, message: 'Cannot add more than 100 of this item to your cart' })
  })

  it('checks an update against the limit with the update text; 0 or less means remove', () => {
    expect(checkUpdate(3, limited3)).toEqual({ ok: true, quantity: 3 })
    expect(checkUpdate(4, limited3)).toEqual({ ok: false, message: 'Maximum quantity for this item is 3' })
    expect(checkUpdate(2, digital)).toEqual({ ok: false, message: 'Maximum quantity for this item is 1' })
    expect(checkUpdate(0, limited3)).toEqual({ ok: true, quantity: 0 })
    expect(checkUpdate(-4, limited3)).toEqual({ ok: true, quantity: 0 })
  })

  it('labels digital lines "Digital" and limits above 1 as "Limit: N" or "Max: N"', () => {
    expect(quantityLabel(digital, 'limit')).toBe('Digital')
    expect(quantityLabel({ isDigital: true, purchaseLimit: 1 }, 'max')).toBe('Digital')
    expect(quantityLabel(limited3, 'limit')).toBe('Limit: 3')
    expect(quantityLabel(limited3, 'max')).toBe('Max: 3')
    expect(quantityLabel(plain, 'limit')).toBeNull()
  })

  it('keys lines by product id and license type', () => {
    expect(lineKey('p1', 'standard')).toBe(lineKey('p1'))
    expect(lineKey('p1', 'standard')).not.toBe(lineKey('p1', 'extended'))
  })

  it('refuses an owned digital product and nothing else', () => {
    expect(ownershipError('p1', digital, ['p1'])).toBe('You already own this product. Check your Download Hub!')
    expect(ownershipError('p1', digital, [])).toBeNull()
    expect(ownershipError('p1', plain, ['p1'])).toBeNull()
  })
})

describe('mergeCarts', () => {
  const line = (id: string, quantity: number, extra: Partial<MergeableLine & { name: string }> = {}) => ({
    id,
    licenseType: 'standard',
    quantity,
    isDigital: false,
    purchaseLimit: null,
    name: id,
    ...extra,
  })

  it('adds quantities of the same id and license type, keeps lines of one side', () => {
    const merged = mergeCarts([line('a', 2), line('b', 1)], [line('a', 3), line('c', 1)])
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 5],
      ['c', 1],
      ['b', 1],
    ])
  })

  it('respects limits and the digital lock when adding', () => {
    const merged = mergeCarts(
      [line('limited', 2, { purchaseLimit: 3 }), line('digital', 1, { isDigital: true })],
      [line('limited', 2, { purchaseLimit: 3 }), line('digital', 1, { isDigital: true })],
    )
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['limited', 3],
      ['digital', 1],
    ])
  })

  it('keeps different license types of one product apart', () => {
    const merged = mergeCarts([line('a', 1)], [line('a', 1, { licenseType: 'extended' })])
    expect(merged).toHaveLength(2)
  })

  it('takes product facts from the server line when both sides hold it', () => {
    const [merged] = mergeCarts([line('a', 1, { name: 'fresh' })], [line('a', 1, { name: 'stale' })])
    expect(merged).toMatchObject({ name: 'fresh', quantity: 2 })
  })

  it('returns the other side when one is empty', () => {
    expect(mergeCarts([], [line('a', 2)]).map((l) => l.quantity)).toEqual([2])
    expect(mergeCarts([line('a', 2)], []).map((l) => l.quantity)).toEqual([2])
  })
})
