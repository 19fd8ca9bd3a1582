/**
 * The product cards' actions, from the features that own them (features/catalog/product-card-actions.ts):
 * the wishlist's heart, downloads' "✓ Owned - Download" and free products' "Get it free". Provided
 * around every page by App.tsx, so the browser and the server's rendering show the same cards.
 */
import type { ReactNode } from 'react'
import { ProductCardActionsContext, type ProductCardActions } from '../features/catalog/public.ts'
import { OwnedDownloadLink } from '../features/downloads/public.ts'
import { GetItFree } from '../features/free-products/public.ts'
import { WishlistButton } from '../features/wishlist/public.ts'

const PRODUCT_CARD_ACTIONS: ProductCardActions = { WishlistButton, OwnedDownloadLink, GetItFree }

export function ProductCardActionsProvider({ children }: { children: ReactNode }) {
  return <ProductCardActionsContext value={PRODUCT_CARD_ACTIONS}>{children}</ProductCardActionsContext>
}
