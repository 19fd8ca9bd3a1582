/**
 * The navigation state /checkout/direct needs: the embedded session's client secret,
 * the product and the quantity, and the order's figures as the server priced them. Anything else (a reload of a bookmarked URL, a hand-typed
 * address) is not a direct checkout, and the page sends the shopper home.
 */
import type { Product, ProductListItem } from '../../../shared/contract/catalog.ts'
import { checkoutTotalsSchema, type CheckoutTotals } from '../../../shared/contract/checkout.ts'

export interface DirectCheckoutState {
  clientSecret: string
  /** The payment session, when known (the success page looks the order up by it). */
  sessionId?: string
  product: ProductListItem
  quantity: number
  /** The order's subtotal, tax and total with the buyer's tax, when the server answered them. */
  totals?: CheckoutTotals
}

export function readDirectCheckoutState(state: unknown): DirectCheckoutState | null {
  if (!state || typeof state !== 'object') return null
  const candidate = state as Partial<Record<keyof DirectCheckoutState, unknown>>
  const product = candidate.product as Partial<Product> | null | undefined
  if (typeof candidate.clientSecret !== 'string' || candidate.clientSecret === '') return null
  if (!product || typeof product !== 'object' || typeof product.id !== 'string' || typeof product.name !== 'string' || typeof product.priceCents !== 'number')
    return null
  if (typeof candidate.quantity !== 'number' || !Number.isInteger(candidate.quantity) || candidate.quantity < 1) return null
  return {
    clientSecret: candidate.clientSecret,
    sessionId: typeof candidate.sessionId === 'string' ? candidate.sessionId : undefined,
    product: product as Product,
    quantity: candidate.quantity,
    totals: checkoutTotalsSchema.safeParse(candidate.totals).data,
  }
}
