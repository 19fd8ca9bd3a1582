/**
 * Placeholder for direct checkout: Buy Now needs a signed-in shopper, so for now it sends
 * everyone to /login, remembering this page. The checkout issue replaces this file.
 */
import { useLocation, useNavigate } from 'react-router'
import type { Product } from '../../shared/contract/catalog.ts'

export function BuyNowButton(_props: { product: Product; quantity: number }) {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <button type="button" onClick={() => navigate('/login', { state: { from: location } })} className="btn btn-secondary w-full py-3">
      Buy Now
    </button>
  )
}
