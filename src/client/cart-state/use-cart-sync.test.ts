// @vitest-environment happy-dom
/** The sign-in merge and sign-out reset, against a stubbed /api/cart. */
import toast from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../tests/support/client/product-fixture.ts'
import type { CartLine } from '../../shared/contract/cart.ts'
import type { Product } from '../../shared/contract/catalog.ts'
import { cartItemFromProduct } from './cart-item.ts'
import { CART_STORAGE_KEY, useCartStore } from './cart-store.ts'
import { resetCartAfterSignOut, syncSignedInCart } from './use-cart-sync.ts'

const drums = makeProduct({ id: 'drums', name: 'Midnight Drums', priceCents: 2999 })
const keys = makeProduct({ id: 'keys', name: 'Tape Keys', priceCents: 1500, metadata: { purchase_limit: '3' } })
const tipJar = makeProduct({
  id: 'tip-jar',
  name: 'Tip Jar Loops',
  priceCents: 1000,
  priceModel: 'pwyw',
  minPriceCents: 500,
  metadata: { product_type: 'digital_download' },
})

const line = (product: Product, quantity: number, chosenPriceCents: number | null = null): CartLine => ({
  productId: product.id,
  quantity,
  licenseType: 'standard',
  createdAt: '2025-05-01T00:00:00.000Z',
  updatedAt: '2025-05-01T00:00:00.000Z',
  product,
  chosenPriceCents,
})

interface Call {
  method: string
  url: string
  body: unknown
}
let calls: Call[]
let serverCart: CartLine[]
let failPut: boolean

beforeEach(() => {
  calls = []
  serverCart = []
  failPut = false
  localStorage.clear()
  useCartStore.setState({ items: [], mode: 'local', promoCode: null, discount: 0, isLoading: false, isSyncing: false })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    if (method === 'GET' && url === '/api/cart') return Response.json({ data: serverCart })
    if (method === 'PUT' && url === '/api/cart') {
      if (failPut) return Response.json({ error: { message: 'Failed to update cart item', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
      const products = new Map([drums, keys, tipJar].map((product) => [product.id, product]))
      serverCart = (body as { items: Array<{ productId: string; quantity: number; chosenPriceCents?: number }> }).items.map((item) =>
        line(products.get(item.productId)!, item.quantity, item.chosenPriceCents ?? null),
      )
      return Response.json({ data: serverCart })
    }
    return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const lines = () => useCartStore.getState().items.map((item) => [item.id, item.quantity])

describe('syncSignedInCart', () => {
  it('merges a non-empty guest cart into the server cart, writes it back once and removes als_cart', async () => {
    useCartStore.getState().addItem(cartItemFromProduct(drums), 1)
    useCartStore.getState().addItem(cartItemFromProduct(keys), 2)
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull()
    serverCart = [line(keys, 2)]

    await syncSignedInCart()

    const put = calls.filter((call) => call.method === 'PUT')
    expect(put).toHaveLength(1)
    // keys: 2 local + 2 server capped at its limit of 3; drums only local.
    expect(put[0]!.body).toEqual({
      items: [
        { productId: 'drums', quantity: 1 },
        { productId: 'keys', quantity: 3 },
      ],
    })
    expect(lines()).toEqual([
      ['drums', 1],
      ['keys', 3],
    ])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
    expect(useCartStore.getState()).toMatchObject({ mode: 'server', isLoading: false, isSyncing: false })
  })

  it("keeps the pay-what-you-want amount the guest named last, over the server cart's older one", async () => {
    useCartStore.getState().addItem(cartItemFromProduct(tipJar, 1, undefined, 750), 1)
    serverCart = [line(tipJar, 1, 1200), line(drums, 1)]

    await syncSignedInCart()

    const put = calls.find((call) => call.method === 'PUT')
    expect(put!.body).toEqual({
      items: [
        { productId: 'tip-jar', quantity: 1, chosenPriceCents: 750 },
        { productId: 'drums', quantity: 1 },
      ],
    })
    expect(useCartStore.getState().items.map((item) => [item.id, item.priceCents])).toEqual([
      ['tip-jar', 750],
      ['drums', 2999],
    ])
  })

  it('loads the server cart without writing when the guest cart is empty', async () => {
    serverCart = [line(drums, 2)]
    await syncSignedInCart()
    expect(calls.map((call) => call.method)).toEqual(['GET'])
    expect(lines()).toEqual([['drums', 2]])
  })

  it('keeps als_cart and says "Database error: …" when the merge cannot be written', async () => {
    const error = vi.spyOn(toast, 'error')
    failPut = true
    useCartStore.getState().addItem(cartItemFromProduct(drums), 1)
    await syncSignedInCart()
    expect(error).toHaveBeenCalledWith('Database error: Failed to update cart item')
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull()
  })

  it('says "Failed to load cart: …" when the server cart cannot be read', async () => {
    const error = vi.spyOn(toast, 'error')
    vi.stubGlobal('fetch', async () => Response.json({ error: { message: 'Failed to fetch cart', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 }))
    await syncSignedInCart()
    expect(error).toHaveBeenCalledWith('Failed to load cart: Failed to fetch cart')
  })
})

describe('resetCartAfterSignOut', () => {
  it('leaves this browser with an empty guest cart and no saved copy', async () => {
    serverCart = [line(drums, 2)]
    await syncSignedInCart()
    useCartStore.getState().setPromo('SAVE20', 0.2)
    resetCartAfterSignOut()
    expect(useCartStore.getState()).toMatchObject({ items: [], mode: 'local', promoCode: null, discount: 0 })
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
    // No call deletes the server cart: it stays for the next sign-in.
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
  })
})
