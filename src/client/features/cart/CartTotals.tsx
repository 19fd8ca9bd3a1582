/**
 * The cart's figures as a definition list, from shared/pricing.ts: subtotal (with what sale
 * prices already save), promo discount with its code, the 8 % tax estimate and the total. The
 * drawer and the cart page show the same numbers; only the labels' detail differs.
 */
import { formatPrice } from '../../../shared/money.ts'
import type { CartTotals as Totals } from '../../../shared/pricing.ts'

interface CartTotalsProps {
  totals: Totals
  promoCode: string | null
  variant: 'drawer' | 'page'
}

export function CartTotals({ totals, promoCode, variant }: CartTotalsProps) {
  const page = variant === 'page'
  const row = 'flex items-baseline justify-between gap-4'
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className={row}>
        <dt className="text-zinc-400">Subtotal</dt>
        <dd className="font-medium text-zinc-100 tabular-nums">{formatPrice(totals.subtotalCents)}</dd>
      </div>
      {totals.savingsCents > 0 && (
        <div className={`${row} text-xs`}>
          <dt className="text-zinc-400">Sale savings included</dt>
          <dd className="text-emerald-300 tabular-nums">{formatPrice(totals.savingsCents)}</dd>
        </div>
      )}
      {/* A code below its minimum takes nothing off: no discount row (the promo control says why). */}
      {promoCode && totals.discountCents > 0 && (
        <div className={row}>
          <dt className="text-zinc-400">
            Discount <span className="font-medium text-emerald-300">({promoCode})</span>
          </dt>
          <dd className="font-medium text-emerald-300 tabular-nums">−{formatPrice(totals.discountCents)}</dd>
        </div>
      )}
      <div className={row}>
        <dt className="text-zinc-400">Estimated tax (8%)</dt>
        <dd className="font-medium text-zinc-100 tabular-nums">{formatPrice(totals.taxCents)}</dd>
      </div>
      <div className={`${row} mt-1 border-t border-zinc-800 pt-3`}>
        <dt className="text-base font-semibold text-white">{page ? 'Estimated total' : 'Total'}</dt>
        <dd className="text-lg font-bold text-white tabular-nums">{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  )
}
