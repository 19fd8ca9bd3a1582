// @vitest-environment happy-dom
/** The cart store: every cart action and the rules it applies, plus the als_cart persistence. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeProduct } from '../../../tests/support/client/product-fixture.ts'
import { cartItemFromProduct, type CartItem } from './cart-item.ts'
import { CART_STORAGE_KEY, readStoredCart, selectItemCount, useCartStore } from './cart-store.ts'

const drums = cartItemFromProduct(makeProduct({ id: 'drums', name: 'Midnight Drums', priceCents: 2999, originalPriceCents: 3999 }))
const keys = cartItemFromProduct(makeProduct({ id: 'keys', name: 'Tape Keys', priceCents: 1500, metadata: { purchase_limit: '3' } }))
const plugin = cartItemFromProduct(makeProduct({ id: 'plugin', name: 'Glue Comp', priceCents: 4900, metadata: { product_type: 'digital_download' } }))

const initial = useCartStore.getState()
const store = () => useCartStore.getState()
const lines = () => store().items.map((item) => [item.id, item.licenseType, item.quantity])
const saved = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { items: CartItem[]; promoCode: string | null; discount: number } | null

beforeEach(() => {
  localStorage.clear()
  useCartStore.setState({ ...initial, items: [], isOpen: false, promoCode: null, discount: 0, mode: 'local' }, true)
  localStorage.clear()
})
afterEach(() => localStorage.clear())

describe('add', () => {
  it('adds a line and opens the drawer', () => {
    expect(store().addItem(drums)).toEqual({ ok: true, quantity: 1 })
    expect(lines()).toEqual([['drums', 'standard', 1]])
    expect(store().isOpen).toBe(true)
  })

  it('increases the quantity of the same id and license type instead of adding a line', () => {
    store().addItem(drums, 2)
    store().addItem(drums, 3)
    expect(lines()).toEqual([['drums', 'standard', 5]])
    expect(selectItemCount(store())).toBe(5)
  })

  it('keeps another license type of the same product on its own line', () => {
    store().addItem(drums)
    store().addItem({ ...drums, licenseType: 'extended' })
    expect(lines()).toEqual([
      ['drums', 'standard', 1],
      ['drums', 'extended', 1],
    ])
  })

  it('refuses to pass a purchase limit with "Cannot add more than N of this item to your cart"', () => {
    store().addItem(keys, 2)
    expect(store().addItem(keys, 2)).toEqual({ ok: false, message: 'Cannot add more than 3 of this item to your cart' })
    expect(lines()).toEqual([['keys', 'standard', 2]])
  })

  it('locks a digital download at 1', () => {
    expect(store().addItem(plugin, 2)).toEqual({ ok: false, message: 'Cannot add more than 1 of this item to your cart' })
    store().addItem(plugin)
    expect(store().addItem(plugin).ok).toBe(false)
    expect(lines()).toEqual([['plugin', 'standard', 1]])
  })

  it('does not open the drawer when the add is refused', () => {
    store().addItem(plugin)
    store().setCartOpen(false)
    store().addItem(plugin)
    expect(store().isOpen).toBe(false)
  })
})

describe('remove and update', () => {
  beforeEach(() => {
    store().addItem(drums, 2)
    store().addItem(keys, 1)
  })

  it('removes a line', () => {
    store().removeItem('drums', 'standard')
    expect(lines()).toEqual([['keys', 'standard', 1]])
  })

  it('updates a quantity', () => {
    expect(store().updateQuantity('drums', 'standard', 4)).toEqual({ ok: true, quantity: 4 })
    expect(lines()).toEqual([
      ['drums', 'standard', 4],
      ['keys', 'standard', 1],
    ])
  })

  it('removes the line when the quantity goes to 0 or below', () => {
    store().updateQuantity('drums', 'standard', 0)
    store().updateQuantity('keys', 'standard', -2)
    expect(store().items).toEqual([])
  })

  it('refuses a quantity over the limit with "Maximum quantity for this item is N"', () => {
    expect(store().updateQuantity('keys', 'standard', 4)).toEqual({ ok: false, message: 'Maximum quantity for this item is 3' })
    expect(lines()[1]).toEqual(['keys', 'standard', 1])
  })
})

describe('clear, drawer and promo', () => {
  it('clears the lines and drops the promo code and discount', () => {
    store().addItem(drums)
    store().setPromo('WELCOME10', 0.1)
    store().clearCart()
    expect(store()).toMatchObject({ items: [], promoCode: null, discount: 0 })
  })

  it('toggles and sets the drawer', () => {
    store().toggleCart()
    expect(store().isOpen).toBe(true)
    store().toggleCart()
    expect(store().isOpen).toBe(false)
    store().setCartOpen(true)
    expect(store().isOpen).toBe(true)
  })

  it('sets and removes a promo', () => {
    store().setPromo('SAVE20', 0.2)
    expect(store()).toMatchObject({ promoCode: 'SAVE20', discount: 0.2 })
    store().removePromo()
    expect(store()).toMatchObject({ promoCode: null, discount: 0 })
  })

  it('drops a refused code with its reason, which the next code applied clears', () => {
    store().setPromo('SPRING', 0.15, 4000)
    store().refusePromo('SPRING has been used up')
    expect(store()).toMatchObject({
      promoCode: null,
      discount: 0,
      promoMinSubtotalCents: 0,
      promoRefusal: { message: 'SPRING has been used up', source: 'apply' },
    })
    store().setPromo('WELCOME10', 0.1)
    expect(store().promoRefusal).toBeNull()
  })
})

describe('persistence', () => {
  it('saves a guest cart and its promo under als_cart', () => {
    store().addItem(drums, 2)
    store().setPromo('WELCOME10', 0.1)
    expect(saved()).toMatchObject({ items: [{ id: 'drums', quantity: 2, priceCents: 2999, originalPriceCents: 3999 }], promoCode: 'WELCOME10', discount: 0.1 })
  })

  it("saves the code's minimum with it, so a reload still drops the discount below it", () => {
    store().addItem(drums)
    store().setPromo('SPRING', 0.15, 4000)
    expect(saved()).toMatchObject({ promoCode: 'SPRING', promoMinSubtotalCents: 4000 })
    expect(readStoredCart()).toMatchObject({ promoCode: 'SPRING', discount: 0.15, promoMinSubtotalCents: 4000 })
  })

  it("keeps a fixed-amount code's terms and scope through a reload, though it has no fraction; drops terms that are not a code's", () => {
    const terms = { percentOff: null, amountOffCents: 500, productIds: ['drums'], categoryIds: [], excludeSaleItems: false, budgetLeftCents: null }
    store().addItem(drums)
    store().setPromo('DRUMS5', 0, 0, terms, 'DRUMS5 applies to Drums only')
    expect(readStoredCart()).toMatchObject({ promoCode: 'DRUMS5', discount: 0, promoTerms: terms, promoScope: 'DRUMS5 applies to Drums only' })
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [drums], promoCode: 'DRUMS5', discount: 0, promoTerms: { amountOffCents: 'lots' } }))
    expect(readStoredCart()).toMatchObject({ promoCode: null, promoTerms: null })
  })

  it('loads the saved cart back (a reload, or another tab saving)', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...drums, quantity: 2 }], promoCode: 'SAVE20', discount: 0.2 }))
    store().loadFromStorage()
    expect(lines()).toEqual([['drums', 'standard', 2]])
    expect(store()).toMatchObject({ promoCode: 'SAVE20', discount: 0.2 })
  })

  it('never writes the cart of a signed-in shopper to localStorage', () => {
    store().setMode('server')
    store().addItem(drums)
    store().replaceFromServer([{ ...keys, quantity: 2 }])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
  })

  it('replaces the lines from the server and keeps the promo', () => {
    store().addItem(drums)
    store().setPromo('LAUNCH', 0.15)
    store().replaceFromServer([{ ...keys, quantity: 3 }])
    expect(lines()).toEqual([['keys', 'standard', 3]])
    expect(store().promoCode).toBe('LAUNCH')
  })

  it('reads a damaged or tampered saved cart safely', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json')
    expect(readStoredCart().items).toEqual([])
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { ...plugin, quantity: 5 },
          { ...drums, quantity: 1.5 },
          { ...keys, priceCents: -1 },
          { id: 'x' },
          { ...keys, quantity: 2 },
          { ...keys, quantity: 1 },
        ],
        promoCode: 'SAVE20',
        discount: 7,
      }),
    )
    const cart = readStoredCart()
    // The digital line is capped at 1, broken lines dropped, a duplicate key kept once, the bogus discount ignored.
    expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([
      ['plugin', 1],
      ['keys', 2],
    ])
    expect(cart).toMatchObject({ promoCode: null, discount: 0 })
  })
})

describe('restoreLine (rollback of a refused server write)', () => {
  it('puts a removed line back where it was', () => {
    store().addItem(drums)
    store().addItem(keys)
    store().addItem(plugin)
    const previous = store().items[1]!
    store().removeItem('keys', 'standard')
    store().restoreLine('keys::standard', previous, 1)
    expect(lines().map(([id]) => id)).toEqual(['drums', 'keys', 'plugin'])
  })

  it('removes a line that did not exist before', () => {
    store().addItem(drums)
    store().restoreLine('drums::standard', null, 0)
    expect(store().items).toEqual([])
  })
})
