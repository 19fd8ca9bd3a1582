/** A product's price, with the original price struck through when it is on sale; "Free" for nothing (a free product is had with an email). */
import { formatPrice } from '../../../shared/money.ts'
import { discountPercent } from '../../../shared/product-view.ts'
import { FREE_PRODUCT_MESSAGES } from '../../../shared/contract/free-product-texts.ts'

interface PriceTagProps {
  priceCents: number
  originalPriceCents: number | null
  size?: 'md' | 'lg'
}

export function PriceTag({ priceCents, originalPriceCents, size = 'md' }: PriceTagProps) {
  const onSale = discountPercent(originalPriceCents, priceCents) !== null
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-white tabular-nums ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        {onSale && <span className="sr-only">Sale price: </span>}
        {priceCents === 0 && !onSale ? FREE_PRODUCT_MESSAGES.free : formatPrice(priceCents)}
      </span>
      {onSale && originalPriceCents !== null && (
        <s className={`text-zinc-400 tabular-nums ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price: </span>
          {formatPrice(originalPriceCents)}
        </s>
      )}
    </p>
  )
}
