/**
 * The cart page (/cart). Empty: "Your Cart is Empty", Continue Shopping and three suggestions.
 * With items: "N item(s) in cart", Clear cart, the lines, the Order Summary (subtotal,
 * discount with its code, estimated tax, estimated total, promo, Proceed to Checkout, trust
 * notes) and "Complete Your Setup". Figures come from the same pricing function as the drawer.
 * The suggestions are the catalog's: the page's route (app/routes/CartPage.tsx) hands them in.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { selectItemCount, useCartStore } from '../../../cart-state/cart-store.ts'
import { useCartActions } from '../../../cart-state/use-cart-actions.ts'
import { useCartTotals } from '../../../cart-state/use-cart-totals.ts'
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx'
import { CartTotals } from '../../../components/CartTotals.tsx'
import { CartIcon } from '../../../components/Icons.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'
import { CartLineItem } from '../CartLineItem.tsx'
import { CartTrustNotes } from '../CartTrustNotes.tsx'
import { PromoCodeForm } from '../PromoCodeForm.tsx'

interface CartPageProps {
  /** The products suggested under the cart, with this title, leaving out the cart's own. */
  recommendations: (title: string, excludeIds: string[]) => ReactNode
}

export default function CartPage({ recommendations }: CartPageProps) {
  const items = useCartStore((state) => state.items)
  const isLoading = useCartStore((state) => state.isLoading)
  const itemCount = useCartStore(selectItemCount)
  const cartIds = items.map((item) => item.id)

  return (
    <div className="container-page py-8 sm:py-10">
      <PageTitle>Shopping Cart</PageTitle>
      <Breadcrumbs />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white sm:text-4xl">Shopping Cart</h1>
      {isLoading && items.length === 0 ? (
        <div role="status" className="mt-10 flex items-center gap-3 text-sm text-zinc-400">
          <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
          Loading your cart...
        </div>
      ) : items.length === 0 ? (
        <>
          <EmptyCart />
          {recommendations('You Might Also Like', cartIds)}
        </>
      ) : (
        <>
          <FilledCart itemCount={itemCount} />
          {recommendations('Complete Your Setup', cartIds)}
        </>
      )}
    </div>
  )
}

function EmptyCart() {
  return (
    <section className="mt-8 flex flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-zinc-900 text-zinc-400 ring-1 ring-zinc-800">
        <CartIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-2xl font-bold tracking-tight text-white">Your Cart is Empty</h2>
      <p className="mt-2 max-w-md text-zinc-400">Find sample packs, MIDI packs, instruments and tools for your next session.</p>
      <Link to="/products" className="btn btn-primary mt-7">
        Continue Shopping
      </Link>
    </section>
  )
}

function FilledCart({ itemCount }: { itemCount: number }) {
  const items = useCartStore((state) => state.items)
  const promoCode = useCartStore((state) => state.promoCode)
  const totals = useCartTotals()
  const actions = useCartActions()

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
      <section aria-labelledby="cart-lines-heading">
        <div className="flex items-center justify-between gap-4 border-b border-zinc-800 pb-4">
          <h2 id="cart-lines-heading" className="text-zinc-300">
            {itemCount} item(s) in cart
          </h2>
          <button
            type="button"
            onClick={actions.clear}
            className="rounded-md px-2 py-1 text-sm font-medium text-zinc-400 transition-colors hover:bg-zinc-900 hover:text-red-300"
          >
            Clear cart
          </button>
        </div>
        <ul aria-label="Cart items" className="divide-y divide-zinc-800">
          {items.map((item) => (
            <CartLineItem key={`${item.id}::${item.licenseType}`} item={item} actions={actions} variant="page" />
          ))}
        </ul>
        <Link to="/products" className="mt-4 inline-block rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
          ← Continue Shopping
        </Link>
      </section>

      <aside aria-labelledby="order-summary-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6 lg:sticky lg:top-24">
        <h2 id="order-summary-heading" className="text-lg font-bold text-white">
          Order Summary
        </h2>
        <div className="mt-5 flex flex-col gap-5">
          <CartTotals totals={totals} promoCode={promoCode} variant="page" />
          <PromoCodeForm />
          <Link to="/checkout" className="btn btn-primary w-full py-3 text-base">
            Proceed to Checkout
          </Link>
          <CartTrustNotes />
        </div>
      </aside>
    </div>
  )
}
