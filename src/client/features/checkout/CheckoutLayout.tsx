/**
 * The frame of the cart checkout wizards (/checkout and /checkout/hosted): breadcrumb, heading,
 * step indicator, the step's content and the order summary beside it, with the figures the page
 * charges (the buyer's tax for the place the form names). While a signed-in cart is still loading
 * it shows a loader; an empty cart shows "Your cart is empty".
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-errors.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { type ShownTotals } from '../../components/CartTotals.tsx'
import { CartIcon } from '../../components/Icons.tsx'
import { CheckoutCartSummary } from './CheckoutCartSummary.tsx'
import { CheckoutSteps, type CheckoutStep } from './CheckoutSteps.tsx'

interface CheckoutLayoutProps {
  step: CheckoutStep
  /** The figures the page's button charges, so the summary beside it shows the same. */
  totals: ShownTotals
  children: ReactNode
}

export function CheckoutLayout({ step, totals, children }: CheckoutLayoutProps) {
  const items = useCartStore((state) => state.items)
  const isLoading = useCartStore((state) => state.isLoading)

  return (
    <div className="container-page py-8 sm:py-10">
      <title>Checkout | Audio Lab Store</title>
      <Breadcrumbs />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white sm:text-4xl">Checkout</h1>
      {isLoading && items.length === 0 ? (
        <div role="status" className="mt-10 flex items-center gap-3 text-sm text-zinc-400">
          <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
          Loading your cart...
        </div>
      ) : items.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <>
          <div className="mt-6">
            <CheckoutSteps current={step} />
          </div>
          <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
            <div className="min-w-0">{children}</div>
            <CheckoutCartSummary totals={totals} />
          </div>
        </>
      )}
    </div>
  )
}

function EmptyCheckout() {
  return (
    <section className="mt-8 flex flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-zinc-900 text-zinc-400 ring-1 ring-zinc-800">
        <CartIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-2xl font-bold tracking-tight text-white">{CHECKOUT_MESSAGES.emptyCart}</h2>
      <p className="mt-2 max-w-md text-zinc-400">Add a product to your cart before checking out.</p>
      <Link to="/products" className="btn btn-primary mt-7">
        Continue Shopping
      </Link>
    </section>
  )
}

/** A card holding one part of a checkout step. */
export function CheckoutPanel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-zinc-800 bg-zinc-900/50 p-5 sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 className="text-lg font-bold text-white">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}
