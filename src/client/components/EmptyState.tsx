/** An empty list: one line of text and the way to the products. */
import { Link } from 'react-router'

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="mt-8 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center">
      <p className="text-zinc-300">{text}</p>
      <Link to="/products" className="btn btn-primary mt-6">
        Browse Products
      </Link>
    </div>
  )
}
