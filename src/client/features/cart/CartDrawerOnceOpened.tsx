/** The cart drawer in the page frame: its code loads the first time the cart opens, and the drawer stays mounted after (it slides out and in). */
import { lazy, Suspense, useState } from 'react'
import { useCartStore } from '../../cart-state/cart-store.ts'

const CartDrawer = lazy(() => import('./CartDrawer.tsx').then((module) => ({ default: module.CartDrawer })))

export function CartDrawerOnceOpened() {
  const isOpen = useCartStore((state) => state.isOpen)
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)
  return opened ? (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  ) : null
}
