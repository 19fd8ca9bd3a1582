/**
 * The cart actions screens call (add, remove, update quantity, clear), with the cart's rules and
 * toasts: the auth-loading gate, the already-owned check, limits, and for a signed-in shopper
 * an optimistic write-through to the server cart that is rolled back, with a failure
 * toast, when the server refuses.
 */
import { useMemo } from 'react'
import toast from 'react-hot-toast'
import { CART_MESSAGES, lineKey, ownershipError } from '../../../shared/cart-rules.ts'
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { ApiError } from '../../api/http.ts'
import { useSession } from '../account/public.ts'
import { deleteCartItem } from './api/delete-cart-item.ts'
import { deleteCart } from './api/delete-cart.ts'
import { patchCartItem } from './api/patch-cart-item.ts'
import { postCartItem } from './api/post-cart-item.ts'
import { cartGateMessage, type CartActionKind } from './cart-gate.ts'
import { cartItemFromProduct, type CartItem } from './cart-item.ts'
import { useCartStore } from './cart-store.ts'
import { useOwnedProductIds } from './use-owned-products.ts'

export interface CartActions {
  add: (product: ProductListItem, quantity?: number) => void
  remove: (item: CartItem) => void
  updateQuantity: (item: CartItem, quantity: number) => void
  clear: () => void
}

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

    return {
      add(product, quantity = 1) {
        if (blocked('add')) return
        const item = cartItemFromProduct(product)
        const ownedMessage = ownershipError(item.id, item, owned)
        if (ownedMessage) {
          toast.error(ownedMessage)
          return
        }
        const key = lineKey(item.id, item.licenseType)
        const { previous, index } = snapshotLine(key)
        const check = useCartStore.getState().addItem(item, quantity)
        if (!check.ok) {
          toast.error(check.message)
          return
        }
        if (!onServer()) return
        postCartItem({ productId: item.id, quantity }).catch((error: unknown) => {
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
        patchCartItem(item.id, check.quantity).catch((error: unknown) => {
          if (check.quantity === 0 && isNotFound(error)) return
          useCartStore.getState().restoreLine(key, previous, index)
          toast.error(CART_MESSAGES.updateFailed)
        })
      },

      clear() {
        if (blocked('other')) return
        const { items, promoCode, discount, promoMinSubtotalCents } = useCartStore.getState()
        useCartStore.getState().clearCart()
        toast.success(CART_MESSAGES.cartCleared)
        if (!onServer()) return
        deleteCart().catch(() => {
          useCartStore.setState({ items, promoCode, discount, promoMinSubtotalCents })
          toast.error(CART_MESSAGES.clearFailed)
        })
      },
    }
  }, [authLoading, userId, owned])
}
