/**
 * Keeps the cart in step with the session. When a user appears
 * (sign-in, or a reload while signed in): a non-empty guest cart is merged into the server cart
 * (quantities add, limits respected, a pay-what-you-want amount chosen as a guest kept), written back
 * with one PUT, and `als_cart` removed;
 * otherwise the server cart is loaded. When the user goes (sign-out): the server cart stays as
 * it is for the next device, and this browser's cart is left empty. Mounted once, in Layout.
 */
import { useEffect, useRef } from 'react'
import toast from 'react-hot-toast'
import { CART_MESSAGES, mergeCarts } from '../../shared/cart-rules.ts'
import { useSession } from '../session/use-session.ts'
import { getCart } from './api/get-cart.ts'
import { putCart } from './api/put-cart.ts'
import { cartItemFromServerLine, chosenPriceOf, payableAmount, type CartItem } from './cart-item.ts'
import { CART_STORAGE_KEY, removeStoredCart, useCartStore } from './cart-store.ts'

/** Counts sync runs, so a run overtaken by a later sign-in or sign-out drops its result. */
let syncGeneration = 0

/** Brings the signed-in user's cart into the store: merge a guest cart, or load the server's. */
export async function syncSignedInCart(): Promise<void> {
  const generation = ++syncGeneration
  const store = useCartStore.getState()
  const localItems = store.mode === 'local' ? store.items : []
  store.setMode('server')
  store.setLoading(true)
  store.setSyncing(true)
  const current = () => generation === syncGeneration
  let step: 'load' | 'merge' = 'load'
  try {
    const serverItems = (await getCart()).map(cartItemFromServerLine)
    if (!current()) return
    if (localItems.length === 0) {
      useCartStore.getState().replaceFromServer(serverItems)
      return
    }
    step = 'merge'
    const merged = mergeCarts<CartItem>(serverItems, localItems).map((item) => withLatestAmount(item, localItems))
    const written = await putCart(merged.map((item) => ({ productId: item.id, quantity: item.quantity, ...chosenPriceOf(item) })))
    if (!current()) return
    useCartStore.getState().replaceFromServer(written.map(cartItemFromServerLine))
    removeStoredCart()
  } catch (error) {
    if (!current()) return
    const message = error instanceof Error ? error.message : String(error)
    // A failed merge keeps als_cart, so the guest lines are merged on the next sign-in.
    toast.error(step === 'load' ? CART_MESSAGES.loadFailed(message) : CART_MESSAGES.databaseError(message))
  } finally {
    if (current()) {
      useCartStore.getState().setLoading(false)
      useCartStore.getState().setSyncing(false)
    }
  }
}

/**
 * A merged pay-what-you-want line pays the amount the shopper chose last (the guest cart's, over
 * the server's older one), within what the product takes now, so the write is never refused.
 */
function withLatestAmount(item: CartItem, localItems: readonly CartItem[]): CartItem {
  if (item.priceModel !== 'pwyw') return item
  const local = localItems.find((line) => line.id === item.id && line.licenseType === item.licenseType)
  return { ...item, priceCents: payableAmount(item, local?.priceCents ?? item.priceCents) }
}

/** Leaves this browser with an empty guest cart; the server cart is untouched. */
export function resetCartAfterSignOut(): void {
  syncGeneration++
  removeStoredCart()
  useCartStore.setState({ mode: 'local', items: [], promoCode: null, discount: 0, promoTerms: null, promoScope: null, isLoading: false, isSyncing: false })
}

export function useCartSync(): void {
  const { user, isLoading } = useSession()
  const userId = user?.id ?? null
  // undefined until the first session read: a guest at start-up is not a sign-out.
  const previousUserId = useRef<string | null | undefined>(undefined)

  useEffect(() => {
    if (isLoading) return
    const previous = previousUserId.current
    previousUserId.current = userId
    if (userId && userId !== previous) {
      if (previous) resetCartAfterSignOut() // switched accounts without a signed-out moment
      void syncSignedInCart()
    } else if (!userId && previous) {
      resetCartAfterSignOut()
    }
  }, [userId, isLoading])

  // Another tab of a guest changed the saved cart: show the same lines here.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return
      if (useCartStore.getState().mode === 'local') useCartStore.getState().loadFromStorage()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
}
