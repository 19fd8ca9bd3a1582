/** Payment cancelled (/payment/cancel): nothing was charged and the cart is saved; Try Again, View Cart, Continue Shopping. */
import { Link } from 'react-router'
import { CloseIcon } from '../../../components/Icons.tsx'

export default function PaymentCancelPage() {
  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <title>Payment Cancelled | Audio Lab Store</title>
      <section className="flex w-full max-w-xl flex-col items-center rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-12 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-zinc-900 text-zinc-400 ring-1 ring-zinc-700">
          <CloseIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-white">Payment Cancelled</h1>
        <p className="mt-3 text-zinc-300">Your payment was cancelled and no charge was made.</p>
        <p className="mt-1 text-zinc-400">Your cart is saved, so you can pick up where you left off.</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/checkout" className="btn btn-primary">
            Try Again
          </Link>
          <Link to="/cart" className="btn btn-secondary">
            View Cart
          </Link>
          <Link to="/products" className="btn btn-secondary">
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  )
}
