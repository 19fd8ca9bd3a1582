/** Payment success (/payment/success): checkout's page, listing a guest's downloads through the order's private link (app/OrderLinkDownloads.tsx). */
import PaymentSuccessPage from '../../features/checkout/routes/PaymentSuccessPage.tsx'
import { OrderLinkDownloads } from '../OrderLinkDownloads.tsx'

export default function PaymentSuccessRoute() {
  return <PaymentSuccessPage orderDownloads={(token) => <OrderLinkDownloads token={token} />} />
}
