/** The payment step's order review: customer, email, delivery ("Digital Download") and total. */
import { formatPrice } from '../../../shared/money.ts'

interface CheckoutOrderReviewProps {
  customer: string
  email: string
  totalCents: number
}

export function CheckoutOrderReview({ customer, email, totalCents }: CheckoutOrderReviewProps) {
  const row = 'flex items-baseline justify-between gap-4 py-2.5'
  return (
    <dl aria-label="Order review" className="divide-y divide-zinc-800 text-sm">
      <div className={row}>
        <dt className="text-zinc-400">Customer</dt>
        <dd className="min-w-0 truncate font-medium text-zinc-100">{customer}</dd>
      </div>
      <div className={row}>
        <dt className="text-zinc-400">Email</dt>
        <dd className="min-w-0 truncate font-medium text-zinc-100">{email}</dd>
      </div>
      <div className={row}>
        <dt className="text-zinc-400">Delivery</dt>
        <dd className="font-medium text-zinc-100">Digital Download</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-white">Total</dt>
        <dd className="text-base font-bold text-white tabular-nums">{formatPrice(totalCents)}</dd>
      </div>
    </dl>
  )
}
