/**
 * Placeholder for the cart: adding only confirms with a toast until the cart store and drawer
 * arrive. Every "Add to Cart" button calls this one hook, so the cart issue replaces one file.
 */
import { useCallback } from 'react'
import toast from 'react-hot-toast'
import type { Product } from '../../shared/contract/catalog.ts'

export type AddToCart = (product: Product, quantity?: number) => void

export function useAddToCart(): AddToCart {
  return useCallback((_product: Product, _quantity = 1) => {
    toast.success('Added to cart')
  }, [])
}
