/** The heart toggle that adds a product to, or removes it from, this browser's wishlist. */
import { HeartIcon } from '../../components/Icons.tsx'
import { useIsWishlisted, useWishlist } from './wishlist-store.ts'

interface WishlistButtonProps {
  productId: string
  /** `inline` sits beside Add to Cart on the product page; `compact` beside a card's name. */
  variant?: 'inline' | 'compact'
}

const LOOKS = {
  inline: 'size-11 rounded-lg border border-zinc-700 bg-zinc-900 hover:border-zinc-500 hover:bg-zinc-800',
  compact: '-mr-1.5 size-9 rounded-full hover:bg-zinc-800',
} as const

export function WishlistButton({ productId, variant = 'compact' }: WishlistButtonProps) {
  const wishlisted = useIsWishlisted(productId)
  const toggle = useWishlist((state) => state.toggle)
  const look = LOOKS[variant]
  return (
    <button
      type="button"
      aria-pressed={wishlisted}
      aria-label={wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={() => toggle(productId)}
      className={`inline-flex shrink-0 items-center justify-center transition-colors ${look} ${wishlisted ? 'text-rose-400' : 'text-zinc-200'}`}
    >
      <HeartIcon filled={wishlisted} className="size-5" />
    </button>
  )
}
