/** Shown when a product cannot be loaded or does not exist: "Product Not Found" and a way home. */
import { Link } from 'react-router'

export function ProductNotFound() {
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-white">Product Not Found</h1>
      <p className="mt-3 max-w-md text-zinc-400">This product does not exist or is no longer available.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Return Home
      </Link>
    </section>
  )
}
