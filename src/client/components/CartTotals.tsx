/**
 * The cart's figures as a definition list, from shared/pricing.ts: subtotal (with what sale
 * prices already save), promo discount with its code, the buyer's tax and the total. The tax
 * line is named by the buyer's treatment: the spec's "Estimated tax (8%)" in flat mode, "VAT 19%",
 * "VAT reverse charge", or "Tax calculated at checkout" (no amount) before the buyer's place is
 * known; a tax the prices already hold shows under the total as "Includes VAT 19%". The drawer,
 * the cart page and checkout show the same numbers; only the labels' detail differs. Plain UI
 * (the figures come in as props) shared by the cart and checkout, so it lives in components/.
 */
import { formatPrice } from '../../shared/money.ts'
import { TAX_AT_CHECKOUT_LABEL } from '../../shared/tax/tax-rules.ts'
import type { TaxTreatment } from '../../shared/tax/tax-types.ts'

/** The figures shown: the pricing function's, or the ones the server priced the order with. */
export interface ShownTotals {
  subtotalCents: number
  savingsCents: number
  discountCents: number
  taxCents: number
  totalCents: number
  tax: Pick<TaxTreatment, 'label' | 'pricesIncludeTax'>
}

interface CartTotalsProps {
  totals: ShownTotals
  promoCode: string | null
  variant: 'drawer' | 'page'
}

/** The tax line's name: the treatment's, or "Includes …" when the prices hold it. */
export function taxLineLabel(tax: ShownTotals['tax']): string {
  return tax.pricesIncludeTax && tax.label !== TAX_AT_CHECKOUT_LABEL ? `Includes ${tax.label}` : tax.label
}

export function CartTotals({ totals, promoCode, variant }: CartTotalsProps) {
  const page = variant === 'page'
  const row = 'flex items-baseline justify-between gap-4'
  const placeUnknown = totals.tax.label === TAX_AT_CHECKOUT_LABEL
  const included = totals.tax.pricesIncludeTax && !placeUnknown
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
      {!included && (
        <div className={row}>
          <dt className="text-zinc-400">{totals.tax.label}</dt>
          {/* Before the buyer's place is known there is no tax to show yet: checkout asks for it. */}
          <dd className="font-medium text-zinc-100 tabular-nums">{placeUnknown ? '—' : formatPrice(totals.taxCents)}</dd>
        </div>
      )}
      <div className={`${row} mt-1 border-t border-zinc-800 pt-3`}>
        <dt className="text-base font-semibold text-white">{page ? 'Estimated total' : 'Total'}</dt>
        <dd className="text-lg font-bold text-white tabular-nums">{formatPrice(totals.totalCents)}</dd>
      </div>
      {included && (
        <div className={`${row} text-xs`}>
          <dt className="text-zinc-400">{taxLineLabel(totals.tax)}</dt>
          <dd className="text-zinc-300 tabular-nums">{formatPrice(totals.taxCents)}</dd>
        </div>
      )}
    </dl>
  )
}
