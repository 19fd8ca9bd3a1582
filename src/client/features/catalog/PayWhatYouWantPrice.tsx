/**
 * A pay-what-you-want product's price: "Pay what you want" and "from $5.00" (its minimum), on
 * the product page with the suggested amount the buyer's field starts at.
 */
import { formatPrice } from '../../../shared/money.ts'

interface PayWhatYouWantPriceProps {
  minPriceCents: number
  /** Shown on the product page: the amount its field starts at. */
  suggestedCents?: number
  size?: 'md' | 'lg'
}

export function PayWhatYouWantPrice({ minPriceCents, suggestedCents, size = 'md' }: PayWhatYouWantPriceProps) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold text-brand-300 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>Pay what you want</span>
      <span className={`font-bold text-white tabular-nums ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>from {formatPrice(minPriceCents)}</span>
      {suggestedCents !== undefined && <span className="text-sm text-zinc-400 tabular-nums">suggested {formatPrice(suggestedCents)}</span>}
    </p>
  )
}
