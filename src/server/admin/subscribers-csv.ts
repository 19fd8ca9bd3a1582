/**
 * The store's list as CSV files for the owner's mailing tool or spreadsheet: subscribers, and
 * free product requests. Rows stream out as the database hands them over, a batch at a time,
 * written by the store's CSV rules (src/server/http/csv.ts: an address or a product name starting
 * with `=`, `+`, `-` or `@` is kept as text).
 */
import { SIGNUP_SOURCE_LABELS, type FreeProductClaim, type Subscriber } from '../../shared/contract/subscribers.ts'
import { csvStream, type CsvColumn } from '../http/csv.ts'

const SUBSCRIBER_COLUMNS: CsvColumn[] = [
  { key: 'email', header: 'Email' },
  { key: 'source', header: 'Source' },
  { key: 'list', header: 'List' },
  { key: 'consentText', header: 'Consent' },
  { key: 'subscribedAt', header: 'Subscribed at' },
  { key: 'unsubscribedAt', header: 'Unsubscribed at' },
]

const CLAIM_COLUMNS: CsvColumn[] = [
  { key: 'email', header: 'Email' },
  { key: 'productName', header: 'Product' },
  { key: 'consentText', header: 'Consent' },
  { key: 'news', header: 'News' },
  { key: 'requestedAt', header: 'Requested at' },
  { key: 'confirmedAt', header: 'Confirmed at' },
]

export const SUBSCRIBERS_CSV_NAME = 'subscribers.csv'
export const FREE_PRODUCT_CLAIMS_CSV_NAME = 'free-product-requests.csv'

export function subscribersCsv(rows: AsyncIterable<Subscriber>) {
  return csvStream(rows, SUBSCRIBER_COLUMNS, (row) => ({
    email: row.email,
    source: SIGNUP_SOURCE_LABELS[row.source],
    list: row.subscriptionType === 'newsletter' ? 'Newsletter' : 'Launch news',
    consentText: row.consentText ?? '',
    subscribedAt: row.subscribedAt,
    unsubscribedAt: row.unsubscribedAt ?? '',
  }))
}

export function freeProductClaimsCsv(rows: AsyncIterable<FreeProductClaim>) {
  return csvStream(rows, CLAIM_COLUMNS, (row) => ({
    email: row.email,
    productName: row.productName,
    consentText: row.consentText,
    news: row.newsConsent ? 'yes' : 'no',
    requestedAt: row.requestedAt,
    confirmedAt: row.confirmedAt ?? '',
  }))
}
