/**
 * What the app shell and the owner console may use of orders: an order's status badge, and what a
 * private order link opens (the order, its downloads and its licence keys), from which the app
 * lists the link's downloads on the private order page and the payment success page
 * (app/OrderLinkDownloads.tsx). Anything else here is private.
 */
export { useOrderLinkLicenceKeys } from './api/get-order-link-licence-keys.ts'
export { useOrderLink } from './api/get-order-link.ts'
export { useOrderLinkDownload } from './api/post-order-link-download.ts'
export { OrderStatusBadge } from './OrderStatusBadge.tsx'
