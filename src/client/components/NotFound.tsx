/** The "Page Not Found" message with ways back into the store (used by the not-found route and unknown category slugs). */
import { Link } from 'react-router'

export function NotFound() {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-zinc-400">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Go to Home
        </Link>
        <Link to="/products" className="btn btn-secondary">
          Browse Products
        </Link>
      </div>
    </section>
  )
}
