/** One product in a checkout order summary: image with a quantity badge, name, category and line total. */
import { formatPrice } from '../../../shared/money.ts'
import { ProductImage } from '../../components/ProductImage.tsx'

interface CheckoutSummaryLineProps {
  name: string
  image: string
  category: string
  quantity: number
  lineTotalCents: number
}

export function CheckoutSummaryLine({ name, image, category, quantity, lineTotalCents }: CheckoutSummaryLineProps) {
  return (
    <li className="flex items-center gap-3.5 py-3">
      <div className="relative shrink-0">
        <div className="size-16 overflow-hidden rounded-lg bg-zinc-800 ring-1 ring-zinc-700/60">
          <ProductImage url={image} alt="" sizes="64px" width={64} height={64} className="size-full object-cover" />
        </div>
        <span
          aria-label={`Quantity ${quantity}`}
          className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-zinc-600 px-1.5 text-xs font-semibold text-white ring-2 ring-zinc-900"
        >
          {quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{name}</p>
        <p className="text-xs text-zinc-400">{category}</p>
      </div>
      <p className="text-sm font-medium text-zinc-100 tabular-nums">{formatPrice(lineTotalCents)}</p>
    </li>
  )
}
