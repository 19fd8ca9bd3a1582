/**
 * The cart drawer, on every page once the cart is first opened (its code loads then, not with
 * the page): slides in from the right with "Shopping Cart" and the item count, the lines (or the
 * empty state), the promo code, the figures, Proceed to Checkout and View Cart Details. Closes
 * on the backdrop, Escape, its close button and any navigation.
 */
import { useEffect, useId, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { CART_DRAWER_ID, selectItemCount, useCartStore } from '../../cart-state/cart-store.ts'
import { useCartActions } from '../../cart-state/use-cart-actions.ts'
import { useCartTotals } from '../../cart-state/use-cart-totals.ts'
import { CartTotals } from '../../components/CartTotals.tsx'
import { CartIcon, CloseIcon } from '../../components/Icons.tsx'
import { useDialogBehavior } from '../../components/use-dialog-behavior.ts'
import { CartLineItem } from './CartLineItem.tsx'
import { PromoCodeForm } from './PromoCodeForm.tsx'

export function CartDrawer() {
  const isOpen = useCartStore((state) => state.isOpen)
  const setCartOpen = useCartStore((state) => state.setCartOpen)
  const items = useCartStore((state) => state.items)
  const isLoading = useCartStore((state) => state.isLoading)
  const promoCode = useCartStore((state) => state.promoCode)
  const itemCount = useCartStore(selectItemCount)
  const totals = useCartTotals()
  const actions = useCartActions()
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const close = () => setCartOpen(false)
  useDialogBehavior(panel, isOpen, close)

  // Any navigation (a product link inside, the browser's back button) closes the drawer; not its
  // first showing, which mounts it open.
  const { pathname } = useLocation()
  const shownAt = useRef(pathname)
  useEffect(() => {
    if (shownAt.current === pathname) return
    shownAt.current = pathname
    useCartStore.getState().setCartOpen(false)
  }, [pathname])

  return (
    <div className={`fixed inset-0 z-50 ${isOpen ? '' : 'pointer-events-none'}`} aria-hidden={isOpen ? undefined : true}>
      <div
        data-testid="cart-backdrop"
        onClick={close}
        className={`absolute inset-0 bg-black/60 backdrop-blur-[2px] transition-opacity duration-300 ${isOpen ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={panel}
        id={CART_DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`absolute inset-y-0 right-0 flex w-full max-w-md flex-col border-l border-zinc-800 bg-zinc-950 shadow-2xl shadow-black/60 outline-none transition-[translate,visibility] duration-300 ease-out ${
          isOpen ? 'visible translate-x-0' : 'invisible translate-x-full'
        }`}
      >
        <header className="flex items-center justify-between gap-3 border-b border-zinc-800 px-5 py-4">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
            Shopping Cart
            <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-sm font-semibold text-zinc-200 tabular-nums">({itemCount})</span>
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close cart"
            className="-mr-2 rounded-md p-2 text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-white"
          >
            <CloseIcon className="size-5" />
          </button>
        </header>

        {isLoading && items.length === 0 ? (
          <div role="status" className="flex flex-1 items-center justify-center gap-3 text-sm text-zinc-400">
            <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
            Loading your cart...
          </div>
        ) : items.length === 0 ? (
          <EmptyDrawer onClose={close} />
        ) : (
          <>
            <ul aria-label="Cart items" className="flex-1 divide-y divide-zinc-800/80 overflow-y-auto overscroll-contain px-5">
              {items.map((item) => (
                <CartLineItem key={`${item.id}::${item.licenseType}`} item={item} actions={actions} variant="drawer" />
              ))}
            </ul>
            <footer className="flex flex-col gap-4 border-t border-zinc-800 bg-zinc-900/60 px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
              <PromoCodeForm />
              <CartTotals totals={totals} promoCode={promoCode} variant="drawer" />
              <div className="flex flex-col gap-2">
                <Link to="/checkout" onClick={close} className="btn btn-primary w-full py-3 text-base">
                  Proceed to Checkout
                </Link>
                <Link to="/cart" onClick={close} className="btn btn-secondary w-full">
                  View Cart Details
                </Link>
              </div>
            </footer>
          </>
        )}
      </div>
    </div>
  )
}

function EmptyDrawer({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-zinc-900 text-zinc-400 ring-1 ring-zinc-800">
        <CartIcon className="size-7" />
      </span>
      <p className="text-lg font-semibold text-white">Your cart is empty</p>
      <p className="text-sm text-zinc-400">Add some sounds to get started.</p>
      <Link to="/products" onClick={onClose} className="btn btn-primary mt-3">
        Continue Shopping
      </Link>
    </div>
  )
}
