/**
 * How the console words the audit log: an action as a sentence ("Refunded an order"), a kind of
 * record ("Promo code"), and a moment exactly, to the second, in the owner's time zone. An action
 * the console has no words for yet reads from its code ("coupon.expire" → "Coupon: expire").
 */

const ACTION_LABELS: Record<string, string> = {
  'order.refund': 'Refunded an order',
  'order.add_downloads': 'Added downloads',
  'order.resend_receipt': 'Sent the receipt again',
  'order.revoke_access_links': 'Revoked the private order links',
  'order.join_account': 'Order joined the buyer\u2019s account',
  'product.create': 'Created a product',
  'product.update': 'Saved a product',
  'product.duplicate': 'Duplicated a product',
  'product.archive': 'Archived a product',
  'product.activate': 'Activated a product',
  'product.bundle': 'Changed a bundle\u2019s products',
  'product.cover': 'Replaced the cover',
  'product.preview': 'Replaced the audio preview',
  'product.file': 'Replaced the product file',
  'product.file_version_add': 'Added a file version',
  'product.file_publish': 'Published a file version',
  'product.file_restore': 'Restored an earlier file version',
  'promo.create': 'Created a promo code',
  'promo.update': 'Saved a promo code',
  'sale.create': 'Created a sale',
  'sale.update': 'Saved a sale',
  'sale.end': 'Ended a sale',
  'sale.delete': 'Deleted a sale',
  'category.create': 'Created a category',
  'category.update': 'Saved a category',
  'category.delete': 'Deleted a category',
  'category.reorder': 'Reordered the categories',
  'store_settings.update': 'Saved the store settings',
  'tax_settings.update': 'Saved the tax settings',
  'tax_rate.save': 'Saved a tax rate',
  'tax_rate.delete': 'Deleted a tax rate',
  'customer.change_email': 'Corrected a buyer\u2019s email',
  'user.grant_admin': 'Made an admin',
  'user.grant_support': 'Made support staff',
  'user.revoke_admin': 'Took the admin role back',
  'user.revoke_support': 'Took the support role back',
}

const SUBJECT_KINDS: Record<string, string> = {
  order: 'Order',
  product: 'Product',
  promo_code: 'Promo code',
  sale: 'Sale',
  category: 'Category',
  user: 'Account',
  customer: 'Customer',
  store_settings: 'Store settings',
  tax_settings: 'Tax settings',
  tax_rate: 'Tax rate',
}

const words = (code: string) => code.replaceAll('_', ' ')
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** "order.refund" → "Refunded an order". */
export function auditActionLabel(action: string): string {
  const known = ACTION_LABELS[action]
  if (known) return known
  const [subject = '', verb = ''] = action.split('.')
  return verb ? `${capitalised(words(subject))}: ${words(verb)}` : capitalised(words(subject))
}

/** "promo_code" → "Promo code". */
export const auditSubjectKind = (type: string): string => SUBJECT_KINDS[type] ?? capitalised(words(type))

/** The kinds of record the log's filter offers, as their codes. */
export const AUDIT_SUBJECT_TYPES = Object.keys(SUBJECT_KINDS)

const EXACT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
})

/** "Nov 2, 2026, 10:30:15 AM GMT+1": when it happened, to the second, in this browser's time zone. */
export function formatExactTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : EXACT.format(date)
}

/** The owner's day (YYYY-MM-DD, in this browser's time zone) as the exact moments it starts and ends. */
export function localDayBounds(day: string): { start: string; end: string } {
  const [year, month, date] = day.split('-').map(Number)
  const start = new Date(year!, month! - 1, date!)
  const next = new Date(year!, month! - 1, date! + 1)
  return { start: start.toISOString(), end: new Date(next.getTime() - 1).toISOString() }
}
