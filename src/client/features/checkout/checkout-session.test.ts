// @vitest-environment happy-dom
/** Checkout refusing the cart's promo code: the shopper reads the reason, and the cart drops the code so the summary and pay button lose its discount. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { startCheckoutSession } from './checkout-session.ts'

const request = {
  items: [{ productId: 'neo-soul', quantity: 1 }],
  checkoutType: 'direct' as const,
  customerEmail: 'buyer@example.com',
  uiMode: 'hosted' as const,
}

function answer(status: number, code: string, message: string) {
  vi.stubGlobal('fetch', async () => Response.json({ error: { message, status, code } }, { status }))
}

beforeEach(() => {
  localStorage.clear()
  useCartStore.setState({ items: [], promoCode: 'SPRING', discount: 0.15, promoMinSubtotalCents: 4000, promoRefusal: null, mode: 'local' })
})
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('startCheckoutSession and a refused promo code', () => {
  it("answers the server's reason and drops the cart's code with it", async () => {
    answer(400, 'PROMO_MINIMUM_NOT_MET', 'SPRING needs a subtotal of $40.00: add $20.01 more')
    expect(await startCheckoutSession({ ...request, promoCode: 'SPRING' })).toEqual({
      ok: false,
      message: 'SPRING needs a subtotal of $40.00: add $20.01 more',
    })
    expect(useCartStore.getState()).toMatchObject({
      promoCode: null,
      discount: 0,
      promoRefusal: { message: 'SPRING needs a subtotal of $40.00: add $20.01 more', source: 'checkout' },
    })
  })

  it("keeps the spec's text for a code the store does not have", async () => {
    answer(400, 'INVALID_PROMO_CODE', 'Invalid or expired promo code')
    expect(await startCheckoutSession({ ...request, promoCode: 'SPRING' })).toEqual({ ok: false, message: 'Invalid or expired promo code' })
    expect(useCartStore.getState()).toMatchObject({ promoCode: null, promoRefusal: { message: 'Invalid or expired promo code', source: 'checkout' } })
  })

  it('leaves the code alone when checkout fails for another reason', async () => {
    answer(400, 'CART_EMPTY', 'Cart is empty')
    await startCheckoutSession({ ...request, promoCode: 'SPRING' })
    expect(useCartStore.getState()).toMatchObject({ promoCode: 'SPRING', discount: 0.15, promoRefusal: null })
  })
})
