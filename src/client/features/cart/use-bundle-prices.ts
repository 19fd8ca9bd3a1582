/**
 * "Complete the bundle" in the cart: a signed-in shopper's bundle line costs what the server's
 * offer says (the bundle's price minus what they paid for the items they own, never below its
 * floor), the price checkout charges, so the lines, the totals and "Continue to Payment - $X"
 * agree with the payment. The line keeps the bundle's price as its original, shown struck
 * through. A guest's cart is left as it is: a guest pays the bundle's price. Mounted once, in Layout.
 */
import { useQueries } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { CartItem } from '../../cart-state/cart-item.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { bundleOfferQueryOptions } from '../../session/api/get-bundle-offer.ts'
import { useSession } from '../../session/use-session.ts'

/** The lines with each bundle priced at what completes it (`prices`: bundle id → cents); the same array when nothing changes. */
export function withBundlePrices(items: CartItem[], prices: ReadonlyMap<string, number>): CartItem[] {
  let changed = false
  const priced = items.map((item) => {
    const price = item.isBundle ? prices.get(item.id) : undefined
    if (price === undefined || price === item.priceCents) return item
    changed = true
    // The bundle's own price stays the original: the first repricing keeps it, later ones never lower it.
    return { ...item, priceCents: price, originalPriceCents: Math.max(item.originalPriceCents ?? 0, item.priceCents) }
  })
  return changed ? priced : items
}

export function useBundleCartPrices(): void {
  const { user } = useSession()
  const mode = useCartStore((state) => state.mode)
  const items = useCartStore((state) => state.items)
  const signedIn = user !== null && mode === 'server'
  const bundleIds = useMemo(() => (signedIn ? [...new Set(items.filter((item) => item.isBundle).map((item) => item.id))].sort() : []), [items, signedIn])
  // "id=cents,id=cents": a string, so the prices change only when an offer does.
  const offered = useQueries({
    queries: bundleIds.map((id) => bundleOfferQueryOptions(user?.id ?? '', id)),
    combine: (results) => results.map((result, index) => (result.data ? `${bundleIds[index]}=${result.data.priceCents}` : '')).join(','),
  })
  const prices = useMemo(
    () =>
      new Map(
        offered
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const [id, cents] = pair.split('=')
            return [id!, Number(cents)] as const
          }),
      ),
    [offered],
  )
  useEffect(() => {
    if (prices.size === 0) return
    useCartStore.setState((state) => {
      const priced = withBundlePrices(state.items, prices)
      return priced === state.items ? state : { items: priced }
    })
  }, [prices, items])
}
