/**
 * What other features may use of orders: an order's status badge (the owner console shows it
 * too), and the downloads of a private order link (the payment success page lists a guest's at
 * once). Anything else here is private.
 */
export { OrderLinkDownloads } from './OrderLinkDownloads.tsx'
export { OrderStatusBadge } from './OrderStatusBadge.tsx'
