/**
 * The cart actions screens call (add, remove, update quantity, set a pay-what-you-want amount,
 * clear), with the cart's rules and toasts: the auth-loading gate, the already-owned check,
 * limits, the minimum amount, and for a signed-in shopper an optimistic write-through to the
 * server cart that is rolled back, with a failure toast, when the server refuses.
 */
import { useMemo } from 'react'
import toast from 'react-hot-toast'
import { CART_MESSAGES, checkAdd, lineKey, ownershipError } from '../../shared/cart-rules.ts'
import type { ProductListItem } from '../../shared/contract/catalog.ts'
import { formatPrice } from '../../shared/money.ts'
import { pwywRefusal } from '../../shared/pay-what-you-want.ts'
import { ApiError } from '../api/http.ts'
import { recordStoreEvent } from '../api/store-events.ts'
import { useOwnedProductIds } from '../session/use-owned-products.ts'
import { useSession } from '../session/use-session.ts'
import { deleteCartItem } from './api/delete-cart-item.ts'
import { deleteCart } from './api/delete-cart.ts'
import { patchCartItem } from './api/patch-cart-item.ts'
import { postCartItem } from './api/post-cart-item.ts'
import { cartGateMessage, type CartActionKind } from './cart-gate.ts'
import { cartItemFromProduct, chosenPriceOf, pwywTermsOf, type CartItem } from './cart-item.ts'
import { useCartStore } from './cart-store.ts'

export interface CartActions {
  /** `chosenPriceCents`: a pay-what-you-want product's amount (its suggested price when not given). */
  add: (product: ProductListItem, quantity?: number, chosenPriceCents?: number | null) => void
  remove: (item: CartItem) => void
  updateQuantity: (item: CartItem, quantity: number) => void
  /** Sets a pay-what-you-want line's amount; an amount under the minimum is refused with its sentence. */
  setChosenPrice: (item: CartItem, priceCents: number) => void
  clear: () => void
}

/** The toast after a pay-what-you-want line's amount changed. */
export const chosenPriceSaved = (name: string, priceCents: number) => `Your price for ${name} is now ${formatPrice(priceCents)}`

/** The server's own reason for a refused request (a limit, a vanished product), else the generic failure text. */
function refusal(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return error.message
  return fallback
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** Where a line sits now, to put it back exactly there if the server refuses. */
function snapshotLine(key: string): { previous: CartItem | null; index: number } {
  const items = useCartStore.getState().items
  const index = items.findIndex((item) => lineKey(item.id, item.licenseType) === key)
  return { previous: index >= 0 ? items[index]! : null, index: index >= 0 ? index : items.length }
}

export function useCartActions(): CartActions {
  const { user, isLoading: authLoading } = useSession()
  const owned = useOwnedProductIds()
  const userId = user?.id ?? null

  return useMemo(() => {
    function blocked(kind: CartActionKind): boolean {
      const { mode, isSyncing } = useCartStore.getState()
      const message = cartGateMessage({ authLoading, userId, mode, isSyncing }, kind)
      if (message) toast.error(message)
      return message !== null
    }
    const onServer = () => useCartStore.getState().mode === 'server'

    function setChosenPrice(item: CartItem, priceCents: number) {
      if (blocked('other')) return
      const refused = pwywRefusal(pwywTermsOf(item), priceCents)
      if (refused) {
        toast.error(refused)
        return
      }
      const key = lineKey(item.id, item.licenseType)
      const { previous, index } = snapshotLine(key)
      if (!previous || previous.priceCents === priceCents) return
      useCartStore.getState().setChosenPrice(item.id, item.licenseType, priceCents)
      toast.success(chosenPriceSaved(item.name, priceCents))
      if (!onServer()) return
      patchCartItem(item.id, { chosenPriceCents: priceCents }).catch((error: unknown) => {
        useCartStore.getState().restoreLine(key, previous, index)
        toast.error(refusal(error, CART_MESSAGES.updateFailed))
      })
    }

    return {
      add(product, quantity = 1, chosenPriceCents = null) {
        if (blocked('add')) return
        const item = cartItemFromProduct(product, 1, undefined, chosenPriceCents)
        const ownedMessage = ownershipError(item.id, item, owned)
        if (ownedMessage) {
          toast.error(ownedMessage)
          return
        }
        const refused = pwywRefusal(pwywTermsOf(item), item.priceCents)
        if (refused) {
          toast.error(refused)
          return
        }
        const key = lineKey(item.id, item.licenseType)
        const { previous, index } = snapshotLine(key)
        // A pay-what-you-want line already at its limit (a download is one per buyer) takes a new amount instead.
        if (previous && item.priceModel === 'pwyw' && previous.priceCents !== item.priceCents && !checkAdd(previous.quantity, quantity, item).ok) {
          setChosenPrice(previous, item.priceCents)
          useCartStore.getState().setCartOpen(true)
          return
        }
        const check = useCartStore.getState().addItem(item, quantity)
        if (!check.ok) {
          toast.error(check.message)
          return
        }
        recordStoreEvent('cart_add')
        if (!onServer()) return
        postCartItem({ productId: item.id, quantity, ...chosenPriceOf(item) }).catch((error: unknown) => {
          useCartStore.getState().restoreLine(key, previous, index)
          toast.error(refusal(error, CART_MESSAGES.addFailed))
        })
      },

      remove(item) {
        if (blocked('other')) return
        const key = lineKey(item.id, item.licenseType)
        const { previous, index } = snapshotLine(key)
        useCartStore.getState().removeItem(item.id, item.licenseType)
        toast.success(CART_MESSAGES.itemRemoved)
        if (!onServer()) return
        deleteCartItem(item.id).catch((error: unknown) => {
          if (isNotFound(error)) return // already gone on the server (another device): the shopper's intent holds
          useCartStore.getState().restoreLine(key, previous, index)
          toast.error(CART_MESSAGES.removeFailed)
        })
      },

      updateQuantity(item, quantity) {
        if (blocked('other')) return
        const key = lineKey(item.id, item.licenseType)
        const { previous, index } = snapshotLine(key)
        const check = useCartStore.getState().updateQuantity(item.id, item.licenseType, quantity)
        if (!check.ok) {
          toast.error(check.message)
          return
        }
        if (check.quantity === 0) toast.success(CART_MESSAGES.itemRemoved)
        if (!onServer()) return
        patchCartItem(item.id, { quantity: check.quantity }).catch((error: unknown) => {
          if (check.quantity === 0 && isNotFound(error)) return
          useCartStore.getState().restoreLine(key, previous, index)
          toast.error(CART_MESSAGES.updateFailed)
        })
      },

      setChosenPrice,

      clear() {
        if (blocked('other')) return
        const { items, promoCode, discount, promoMinSubtotalCents, promoTerms, promoScope } = useCartStore.getState()
        useCartStore.getState().clearCart()
        toast.success(CART_MESSAGES.cartCleared)
        if (!onServer()) return
        deleteCart().catch(() => {
          useCartStore.setState({ items, promoCode, discount, promoMinSubtotalCents, promoTerms, promoScope })
          toast.error(CART_MESSAGES.clearFailed)
        })
      },
    }
  }, [authLoading, userId, owned])
}
