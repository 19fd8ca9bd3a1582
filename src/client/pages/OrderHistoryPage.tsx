/** /order-history (signed-in only): the producer's orders. A placeholder until the orders issue lands. */
import { Link } from 'react-router'

export default function OrderHistoryPage() {
  return (
    <>
      <title>Order History | Audio Lab Store</title>
      <section className="container-page max-w-3xl py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-white">Order History</h1>
        <div className="mt-8 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center">
          <p className="text-zinc-300">You have no orders yet.</p>
          <Link to="/products" className="btn btn-primary mt-6">
            Browse Products
          </Link>
        </div>
      </section>
    </>
  )
}
