/**
 * Buy Now on the product page: signed-in shoppers only (guests go to /login, which
 * sends them back here); an owned digital product is refused with a toast; otherwise
 * the buyer confirms where they are buying from (the country dialog, started from this
 * browser's last answer), a direct embedded session is created with that country
 * ("Processing...") and the shopper moves on to /checkout/direct carrying the client
 * secret, the product and the quantity, as the spec's direct checkout expects. A
 * pay-what-you-want product is bought at the amount the page's field holds as Buy Now is pressed
 * (the server checks it).
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { useLocation, useNavigate } from 'react-router'
import { CART_MESSAGES, ownershipError, quantityRuleOf } from '../../../shared/cart-rules.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import type { ProductMetadata } from '../../../shared/product-view.ts'
import { useOwnedProductIds } from '../../session/use-owned-products.ts'
import { useSession } from '../../session/use-session.ts'
import { askBuyNowCountry } from './buy-now-country.ts'
import { checkoutReturnUrls, startCheckoutSession } from './checkout-session.ts'
import type { DirectCheckoutState } from './direct-checkout-state.ts'

export interface BuyNow {
  /** `chosenPriceCents`: a pay-what-you-want product's amount, read from the page's field as Buy Now is pressed. */
  buyNow: (chosenPriceCents?: number | null) => Promise<void>
  isProcessing: boolean
  /** The text of the last failure, shown above the product page's buttons. */
  error: string | null
}

export function useBuyNow(product: Product, quantity: number): BuyNow {
  const { user, isLoading: authLoading } = useSession()
  const owned = useOwnedProductIds()
  const navigate = useNavigate()
  const location = useLocation()
  const [isProcessing, setProcessing] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function buyNow(chosenPriceCents: number | null = null) {
    if (isProcessing) return
    if (authLoading) {
      toast.error(CART_MESSAGES.authLoadingOther)
      return
    }
    if (!user) {
      navigate('/login', { state: { from: location } })
      return
    }
    const ownedMessage = ownershipError(product.id, quantityRuleOf(product.metadata as ProductMetadata), owned)
    if (ownedMessage) {
      toast.error(ownedMessage)
      return
    }
    const pwyw = product.priceModel === 'pwyw'
    // The direct checkout's summary shows the amount the buyer named as the product's price.
    const bought = pwyw && chosenPriceCents !== null ? { ...product, priceCents: chosenPriceCents } : product
    const billingDetails = await askBuyNowCountry([{ priceCents: bought.priceCents, quantity }])
    if (!billingDetails) return
    setError(null)
    setProcessing(true)
    const outcome = await startCheckoutSession({
      items: [{ productId: product.id, quantity, ...(pwyw ? { chosenPriceCents } : {}) }],
      checkoutType: 'direct',
      userId: user.id,
      ...checkoutReturnUrls('direct'),
      uiMode: 'embedded',
      billingDetails,
    })
    if (!outcome.ok) {
      setError(outcome.message)
      setProcessing(false)
      return
    }
    const state: DirectCheckoutState = {
      clientSecret: outcome.clientSecret!,
      sessionId: outcome.sessionId,
      product: bought,
      quantity,
      ...(outcome.totals ? { totals: outcome.totals } : {}),
    }
    // Stays "Processing..." until the product page unmounts.
    navigate('/checkout/direct', { state })
  }

  return { buyNow, isProcessing, error }
}
