/** The developer's checkout tests (/checkout-test, development only): checkout's page, choosing among the catalog's products. */
import { useProducts } from '../../features/catalog/public.ts'
import CheckoutTestPage from '../../features/checkout/routes/CheckoutTestPage.tsx'

export default function CheckoutTestRoute() {
  const products = useProducts({ limit: 100 })
  return <CheckoutTestPage products={products} />
}
