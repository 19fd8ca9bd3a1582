/** The shopper's wishlist: product ids kept only in this browser (localStorage key als_wishlist). */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export const WISHLIST_STORAGE_KEY = 'als_wishlist'

interface WishlistState {
  productIds: string[]
  toggle: (productId: string) => void
}

export const useWishlist = create<WishlistState>()(
  persist(
    (set) => ({
      productIds: [],
      toggle: (productId) =>
        set((state) => ({
          productIds: state.productIds.includes(productId) ? state.productIds.filter((id) => id !== productId) : [...state.productIds, productId],
        })),
    }),
    { name: WISHLIST_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
)

/** True when the product is on the wishlist. */
export function useIsWishlisted(productId: string): boolean {
  return useWishlist((state) => state.productIds.includes(productId))
}
