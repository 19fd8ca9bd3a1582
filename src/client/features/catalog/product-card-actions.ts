/**
 * What a product card shows that other features own: the wishlist's heart beside the name, and,
 * in place of Add to Cart, "✓ Owned - Download" (downloads) for a product the shopper owns or
 * "Get it free" (free products) for a free one. The catalog imports no other feature: the app
 * shell hands these in around every page (app/ProductCardActions.tsx), so the cards of the home
 * page, a listing, a product's related row and the cart's suggestions all show them. A card
 * rendered without them (a test of the card alone) shows neither.
 */
import { createContext, type ComponentType } from 'react'
import type { ProductListItem } from '../../../shared/contract/catalog.ts'

export interface ProductCardActions {
  WishlistButton: ComponentType<{ productId: string; variant: 'compact' }>
  OwnedDownloadLink: ComponentType<{ className: string }>
  GetItFree: ComponentType<{ product: ProductListItem; className: string }>
}

const NONE = () => null

export const ProductCardActionsContext = createContext<ProductCardActions>({ WishlistButton: NONE, OwnedDownloadLink: NONE, GetItFree: NONE })
