/**
 * The store's list as CSV files for the owner's mailing tool or spreadsheet: subscribers, and
 * free product requests. Rows stream out of csv-stringify as the database hands them over, a
 * batch at a time. Cells are quoted and escaped by csv-stringify, and text a spreadsheet would run
 * as a formula (an address or a product name starting with `=`, `+`, `-` or `@`) is kept as text
 * by a leading apostrophe.
 */
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { SIGNUP_SOURCE_LABELS, type FreeProductClaim, type Subscriber } from '../../shared/contract/subscribers.ts'

const SUBSCRIBER_COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'source', header: 'Source' },
  { key: 'list', header: 'List' },
  { key: 'consentText', header: 'Consent' },
  { key: 'subscribedAt', header: 'Subscribed at' },
  { key: 'unsubscribedAt', header: 'Unsubscribed at' },
]

const CLAIM_COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'productName', header: 'Product' },
  { key: 'consentText', header: 'Consent' },
  { key: 'news', header: 'News' },
  { key: 'requestedAt', header: 'Requested at' },
  { key: 'confirmedAt', header: 'Confirmed at' },
]

export const SUBSCRIBERS_CSV_NAME = 'subscribers.csv'
export const FREE_PRODUCT_CLAIMS_CSV_NAME = 'free-product-requests.csv'

/** csv-stringify as a stream: a header row, Windows line ends and a BOM (Excel reads UTF-8 then), formulas kept as text. */
function csvStream<T>(rows: AsyncIterable<T>, columns: { key: string; header: string }[], toRecord: (row: T) => Record<string, string>) {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield toRecord(row)
    })(),
  )
  const csv = stringify({ header: true, columns, bom: true, record_delimiter: 'windows', escape_formulas: true })
  records.on('error', (error) => csv.destroy(error))
  return records.pipe(csv)
}

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
