/**
 * A product's rating line: five stars with the floor of the rating filled (labelled "Rated 4.6
 * out of 5" for screen readers), the figure and the review count. Shown only when the product
 * states a rating (the owner set one): without one, nothing. The demo catalog's invented ratings
 * say "Demo rating" beside them, so they are never taken for real reviews.
 */
import { shownRating } from '../../../shared/product-rating.ts'
import { filledStars, STAR_COUNT } from '../../../shared/product-view.ts'
import { StarIcon } from '../../components/Icons.tsx'

type Size = 'sm' | 'md'

interface StarRatingProps {
  rating: number
  size?: Size
}

export function StarRating({ rating, size = 'sm' }: StarRatingProps) {
  const filled = filledStars(rating)
  const iconSize = size === 'md' ? 'size-5' : 'size-4'
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${STAR_COUNT}`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <StarIcon
          key={index}
          filled={index < filled}
          data-filled={index < filled ? 'true' : 'false'}
          className={`${iconSize} ${index < filled ? 'text-amber-400' : 'text-zinc-600'}`}
        />
      ))}
    </span>
  )
}

interface ProductRatingProps {
  product: { rating: number | null; reviewCount: number; metadata: Record<string, unknown> }
  size?: Size
}

/** The stars, the figure and "(N reviews)", or nothing when the product has no rating. */
export function ProductRating({ product, size = 'sm' }: ProductRatingProps) {
  const shown = shownRating(product)
  if (!shown) return null
  const reviews = `${shown.reviewCount} ${shown.reviewCount === 1 ? 'review' : 'reviews'}`
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <StarRating rating={shown.rating} size={size} />
      <span className={`font-medium ${size === 'md' ? 'text-zinc-100' : 'text-zinc-200'}`} aria-hidden="true">
        {shown.rating.toFixed(1)}
      </span>
      {shown.reviewCount > 0 &&
        (size === 'md' ? (
          <span className="text-zinc-400">({reviews})</span>
        ) : (
          <span className="text-zinc-400">
            ({shown.reviewCount}
            <span className="sr-only"> {shown.reviewCount === 1 ? 'review' : 'reviews'}</span>)
          </span>
        ))}
      {shown.demo && (
        <span
          className="rounded bg-zinc-800 px-1.5 py-0.5 text-[11px] font-medium text-zinc-400"
          title="The demo catalog's ratings are examples, not reviews from buyers"
        >
          Demo rating
        </span>
      )}
    </div>
  )
}
