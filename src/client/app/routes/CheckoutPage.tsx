/** The redirect checkout (/checkout): checkout's page, with the cart's promo code form in its Payment step. */
import { PromoCodeForm } from '../../features/cart/public.ts'
import CheckoutPage from '../../features/checkout/routes/CheckoutPage.tsx'

export default function CheckoutRoute() {
  return <CheckoutPage promoCodeForm={<PromoCodeForm />} />
}
