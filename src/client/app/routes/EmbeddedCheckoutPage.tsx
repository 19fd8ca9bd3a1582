/** The embedded checkout (/checkout/hosted): checkout's page, with the cart's promo code form in its Information step. */
import { PromoCodeForm } from '../../features/cart/public.ts'
import EmbeddedCheckoutPage from '../../features/checkout/routes/EmbeddedCheckoutPage.tsx'

export default function EmbeddedCheckoutRoute() {
  return <EmbeddedCheckoutPage promoCodeForm={<PromoCodeForm />} />
}
