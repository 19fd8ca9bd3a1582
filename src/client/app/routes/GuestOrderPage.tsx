/** A guest's private order page (/orders/access/:token): the orders feature's page, listing the order's downloads (app/OrderLinkDownloads.tsx). */
import GuestOrderPage from '../../features/orders/routes/GuestOrderPage.tsx'
import { OrderLinkDownloads } from '../OrderLinkDownloads.tsx'

export default function GuestOrderRoute() {
  return <GuestOrderPage orderDownloads={(token) => <OrderLinkDownloads token={token} />} />
}
