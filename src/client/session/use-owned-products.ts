/**
 * Product ids the signed-in shopper already owns, for the "already owned" rule
 * (shared/cart-rules.ts ownershipError) and the cards' "✓ Owned - Download". Read from
 * GET /api/purchases/owned-products only when signed in, cached 5 minutes; a guest, a read
 * still in flight or a failed read owns nothing (the server still refuses nothing it should:
 * ownership only hides buttons, it never grants a download). Part of the session (src/client/session/):
 * the catalog's cards, the cart's rules and Buy Now all ask what the shopper owns.
 */
import { useQuery } from '@tanstack/react-query'
import { ownedProductsQueryOptions } from './api/get-owned-products.ts'
import { useSession } from './use-session.ts'

const NONE: readonly string[] = []

export function useOwnedProductIds(): readonly string[] {
  const { user } = useSession()
  const owned = useQuery({ ...ownedProductsQueryOptions(user?.id ?? ''), enabled: user !== null })
  // The same array between renders until the data changes, so memoised cart actions stay put.
  return (user && owned.data) || NONE
}
