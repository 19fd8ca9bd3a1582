/** Five stars with the floor of the rating filled, labelled "Rated 4.6 out of 5" for screen readers. */
import { filledStars, STAR_COUNT } from '../../../shared/product-view.ts'
import { StarIcon } from '../../components/Icons.tsx'

interface StarRatingProps {
  rating: number | null
  size?: 'sm' | 'md'
}

export function StarRating({ rating, size = 'sm' }: StarRatingProps) {
  const filled = filledStars(rating)
  const label = rating === null ? 'Not yet rated' : `Rated ${rating} out of ${STAR_COUNT}`
  const iconSize = size === 'md' ? 'size-5' : 'size-4'
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
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
