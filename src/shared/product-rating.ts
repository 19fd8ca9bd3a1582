/**
 * Whether and how a product's rating may be shown. A rating shows only when the product states
 * one (its metadata `rating`, which the owner sets): a product without one shows no stars and no
 * review count. The demo catalog's ratings are invented, so its generator marks them
 * (`demoRating: true` in metadata): the storefront labels them "Demo rating" and search engines
 * are never offered them as real reviews.
 */

/** The metadata flag the demo catalog's generator sets beside its invented ratings. */
export const DEMO_RATING_FLAG = 'demoRating'

export interface ShownRating {
  /** 0 to 5, as the owner set it. */
  rating: number
  /** 0 when the owner gave no count: the count is then not shown. */
  reviewCount: number
  /** The demo catalog's invented figure, to be labelled so. */
  demo: boolean
}

interface RatedProduct {
  rating: number | null
  reviewCount: number
  metadata: Record<string, unknown>
}

export function shownRating(product: RatedProduct): ShownRating | null {
  if (product.rating === null || !Number.isFinite(product.rating)) return null
  return {
    rating: product.rating,
    reviewCount: Math.max(0, product.reviewCount),
    demo: product.metadata[DEMO_RATING_FLAG] === true,
  }
}
