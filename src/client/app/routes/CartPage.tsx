/** The cart page (/cart): the cart's page, with the catalog's suggestions under it. */
import CartPage from '../../features/cart/routes/CartPage.tsx'
import { CartRecommendations } from '../../features/catalog/public.ts'

export default function CartRoute() {
  return <CartPage recommendations={(title, excludeIds) => <CartRecommendations title={title} excludeIds={excludeIds} />} />
}
