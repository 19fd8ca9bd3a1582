/**
 * GET /api/products/:id/bundle-offer: what a bundle costs the signed-in shopper now ("You own 2
 * of 5: complete the bundle for $24.00"), the price checkout charges them. Personal: asked only
 * when signed in, kept under the 'purchases' key so a purchase (the payment success page
 * invalidates every 'purchases' query) asks again. Part of the session (src/client/session/), as
 * what the shopper owns is: the bundle's page shows it and the cart prices its bundle lines with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { BUNDLE_MESSAGES } from '../../../shared/contract/bundle-messages.ts'
import type { BundleOfferView } from '../../../shared/contract/bundles.ts'
import { apiRequest } from '../../api/http.ts'
import { FIVE_MINUTES } from '../../api/query-client.ts'
import { useSession } from '../use-session.ts'

export async function getBundleOffer(productId: string): Promise<BundleOfferView> {
  const body = await apiRequest<{ data: BundleOfferView }>(`/api/products/${encodeURIComponent(productId)}/bundle-offer`, {}, BUNDLE_MESSAGES.fetchOffer)
  return body.data
}

export function bundleOfferQueryOptions(userId: string, productId: string) {
  return queryOptions({ queryKey: ['purchases', userId, 'bundle-offer', productId], queryFn: () => getBundleOffer(productId), staleTime: FIVE_MINUTES })
}

/** The signed-in shopper's offer for a bundle; null for a guest (who pays the bundle's price), a product that is not a bundle, or while it loads. */
export function useBundleOffer(product: { id: string; isBundle: boolean }): BundleOfferView | null {
  const { user } = useSession()
  const offer = useQuery({ ...bundleOfferQueryOptions(user?.id ?? '', product.id), enabled: user !== null && product.isBundle })
  return (user && product.isBundle && offer.data) || null
}
