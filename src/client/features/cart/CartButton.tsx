/** The header's cart control: shows how many items the cart holds and opens or closes the drawer; its accessible name ("Cart 2 items") starts with what it shows. */
import { CART_DRAWER_ID, selectItemCount, useCartStore } from '../../cart-state/cart-store.ts'
import { CartIcon } from '../../components/Icons.tsx'

export function CartButton() {
  const itemCount = useCartStore(selectItemCount)
  const isOpen = useCartStore((state) => state.isOpen)
  const toggleCart = useCartStore((state) => state.toggleCart)
  return (
    <button
      type="button"
      onClick={toggleCart}
      aria-expanded={isOpen}
      aria-controls={CART_DRAWER_ID}
      aria-haspopup="dialog"
      className="relative inline-flex items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 px-3 py-2 text-sm font-medium text-zinc-100 transition-colors hover:border-zinc-600 hover:bg-zinc-800"
    >
      <CartIcon className="size-5" />
      <span>Cart</span>{' '}
      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
        {itemCount}
      </span>{' '}
      {/* The name is what the button shows, "Cart 2", with the word that says what the number counts. */}
      <span className="sr-only">{itemCount === 1 ? 'item' : 'items'}</span>
    </button>
  )
}
