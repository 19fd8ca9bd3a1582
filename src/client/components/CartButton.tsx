/** The header's cart control. A placeholder showing 0 items until the cart store and drawer arrive. */
import { CartIcon } from './Icons.tsx'

export function CartButton() {
  const itemCount = 0
  return (
    <button
      type="button"
      aria-label="Open cart"
      className="relative inline-flex items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 px-3 py-2 text-sm font-medium text-zinc-100 transition-colors hover:border-zinc-600 hover:bg-zinc-800"
    >
      <CartIcon className="size-5" />
      <span>Cart</span>
      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
        {itemCount}
      </span>
    </button>
  )
}
