/** What other features may use of orders: an order's status badge (the owner console shows it too). Anything else here is private. */
export { OrderStatusBadge } from './OrderStatusBadge.tsx'
