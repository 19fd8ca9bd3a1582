/**
 * What this browser does once the payment success page knows the order is paid: a cart
 * purchase's fulfilment emptied the server cart, so a signed-in cart is read again from the
 * server (its promo dropped) and a guest's saved cart is emptied here. A Buy Now purchase
 * (`keepCart`) leaves the cart as it was. Cart, order and purchase reads are refreshed either way.
 * Runs once per mount.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { syncSignedInCart } from '../../cart-state/use-cart-sync.ts'

export function useSettlePaidCart(paid: boolean, keepCart: boolean): void {
  const queryClient = useQueryClient()
  const settled = useRef(false)

  useEffect(() => {
    if (!paid || settled.current) return
    settled.current = true
    const cart = useCartStore.getState()
    if (cart.mode === 'server') {
      if (!keepCart) cart.removePromo()
      void syncSignedInCart()
    } else if (!keepCart) {
      cart.clearCart()
    }
    void queryClient.invalidateQueries({ queryKey: ['cart'] })
    void queryClient.invalidateQueries({ queryKey: ['orders'] })
    void queryClient.invalidateQueries({ queryKey: ['purchases'] })
  }, [paid, keepCart, queryClient])
}
