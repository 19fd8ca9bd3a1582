/**
 * Stands in for Add to Cart on a digital product the signed-in shopper owns: "✓ Owned - Download"
 * to the hub. It may wrap, since it is longer than the button it replaces in narrow cards.
 */
import { Link } from 'react-router'

export function OwnedDownloadLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/download-hub"
      className={`btn border text-center whitespace-normal border-emerald-700/80 bg-emerald-950/60 text-emerald-200 hover:border-emerald-500 hover:bg-emerald-900/60 ${className}`}
    >
      ✓ Owned - Download
    </Link>
  )
}
