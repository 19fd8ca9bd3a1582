/**
 * The accountant's CSV files: orders with one row per order item, and customers with what each
 * paid. Amounts are decimal numbers in the order's currency (a refund negative), never escaped;
 * names, emails and product names are text and kept as text when a spreadsheet would run them.
 * An order's own amounts (discount, tax, total, refunded) are on its first item's row only, so a
 * column's sum is the period's total rather than a multiple of it.
 */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { csvStream, type CsvColumn, type CsvRecord } from '../http/csv.ts'
import type { ExportedCustomer, ExportedOrder } from '../orders/order-exports.service.ts'

const ORDER_COLUMNS = [
  { key: 'orderNumber', header: 'Order' },
  { key: 'date', header: 'Date (UTC)' },
  { key: 'status', header: 'Status' },
  { key: 'email', header: 'Buyer email' },
  { key: 'country', header: 'Country' },
  { key: 'currency', header: 'Currency' },
  { key: 'item', header: 'Item' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'price', header: 'Price paid', amount: true },
  { key: 'discount', header: 'Order discount', amount: true },
  { key: 'tax', header: 'Order tax', amount: true },
  { key: 'total', header: 'Order total', amount: true },
  { key: 'refunded', header: 'Refunded', amount: true },
  { key: 'refundedAt', header: 'Refund date (UTC)' },
] as const satisfies readonly CsvColumn[]

const CUSTOMER_COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'name', header: 'Name' },
  { key: 'kind', header: 'Account or guest' },
  { key: 'firstOrderAt', header: 'First order (UTC)' },
  { key: 'lastOrderAt', header: 'Last order (UTC)' },
  { key: 'orders', header: 'Orders' },
  { key: 'paid', header: 'Total paid after refunds', amount: true },
] as const satisfies readonly CsvColumn[]

type OrderKey = (typeof ORDER_COLUMNS)[number]['key']

/** `2026-11-05 10:00:00`: a time every spreadsheet reads as one. */
const sheetTime = (moment: Date) => moment.toISOString().slice(0, 19).replace('T', ' ')

const STATUS_LABELS: Record<ExportedOrder['status'], string> = {
  PENDING: 'Pending',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partially refunded',
  DISPUTED: 'Disputed',
}

function orderRecords(order: ExportedOrder): CsvRecord<OrderKey>[] {
  const shared = {
    orderNumber: orderNumberOf(order.id),
    date: sheetTime(order.createdAt),
    status: STATUS_LABELS[order.status],
    email: order.customerEmail,
    country: order.countryCode,
    currency: order.currency.toUpperCase(),
  }
  const amounts = {
    discount: order.discountCents,
    tax: order.taxCents,
    total: order.totalCents,
    // Money going back out: negative, so the total and refunded columns add up to what was kept.
    refunded: order.refundedCents > 0 ? -order.refundedCents : 0,
    refundedAt: order.refundedAt ? sheetTime(order.refundedAt) : null,
  }
  const none = { discount: null, tax: null, total: null, refunded: null, refundedAt: null }
  // An order without items (none is sold so) still shows its amounts.
  if (order.items.length === 0) return [{ ...shared, item: null, quantity: null, price: null, ...amounts }]
  return order.items.map((item, index) => ({
    ...shared,
    item: item.name,
    quantity: item.quantity,
    price: item.priceCents,
    ...(index === 0 ? amounts : none),
  }))
}

export const ordersCsv = (orders: AsyncIterable<ExportedOrder>) => csvStream(orders, ORDER_COLUMNS, orderRecords)

export const customersCsv = (customers: AsyncIterable<ExportedCustomer>) =>
  csvStream(customers, CUSTOMER_COLUMNS, (customer) => ({
    email: customer.email,
    name: customer.name,
    kind: customer.hasAccount ? 'Account' : 'Guest',
    firstOrderAt: sheetTime(customer.firstOrderAt),
    lastOrderAt: sheetTime(customer.lastOrderAt),
    orders: customer.orders,
    paid: customer.keptCents,
  }))
