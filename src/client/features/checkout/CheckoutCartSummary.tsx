/**
 * The cart's order summary beside the checkout wizard: every line, then subtotal, promo
 * discount, the buyer's tax and total as the page charges them (the figure on the pay button).
 */
import { lineTotalCents } from '../../../shared/pricing.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { CartTotals, type ShownTotals } from '../../components/CartTotals.tsx'
import { CheckoutSummaryLine } from './CheckoutSummaryLine.tsx'

export function CheckoutCartSummary({ totals }: { totals: ShownTotals }) {
  const items = useCartStore((state) => state.items)
  const promoCode = useCartStore((state) => state.promoCode)
  return (
    <aside aria-labelledby="checkout-summary-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6 lg:sticky lg:top-24">
      <h2 id="checkout-summary-heading" className="text-lg font-bold text-white">
        Order Summary
      </h2>
      <ul aria-label="Items in your order" className="mt-3 divide-y divide-zinc-800 border-b border-zinc-800">
        {items.map((item) => (
          <CheckoutSummaryLine
            key={`${item.id}::${item.licenseType}`}
            name={item.name}
            image={item.image}
            category={item.category}
            quantity={item.quantity}
            lineTotalCents={lineTotalCents(item)}
          />
        ))}
      </ul>
      <div className="mt-4">
        <CartTotals totals={totals} promoCode={promoCode} variant="drawer" />
      </div>
    </aside>
  )
}
