/**
 * The one place the owner's CSV files are written: csv-stringify quotes and escapes every cell,
 * adds a header row, Windows line ends and a BOM (so Excel reads UTF-8), and keeps text a
 * spreadsheet would run as a formula as text: a text cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading apostrophe (OWASP's CSV injection advice). Amounts stay
 * numbers: a column marked `amount` takes integer cents and writes them in the currency's units
 * with two decimals (`-500` → `-5.00`), never escaped, so a spreadsheet can add them up.
 */
import { Readable } from 'node:stream'
import { stringify, type Options } from 'csv-stringify'
import { stringify as stringifyText } from 'csv-stringify/sync'
import { centsToDollarString } from '../../shared/money.ts'

export interface CsvColumn<Key extends string = string> {
  key: Key
  header: string
  /** Integer cents, written as a decimal amount. */
  amount?: boolean
}

/** A cell: text (escaped when it could be a formula), a number (counts, or cents in an amount column), or nothing (an empty cell). */
type CsvCell = string | number | null

export type CsvRecord<Key extends string> = Record<Key, CsvCell>

function csvOptions(columns: readonly CsvColumn[]): Options {
  const amounts = new Set(columns.filter((column) => column.amount).map((column) => column.key))
  return {
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { number: (value, context) => (amounts.has(String(context.column)) ? centsToDollarString(value) : String(value)) },
  }
}

/**
 * Rows as a CSV stream, read from `rows` only as fast as the reader takes the file (the pipe
 * applies backpressure), so an export of any length holds one batch in memory.
 */
export function csvStream<Row, Key extends string>(
  rows: AsyncIterable<Row>,
  columns: readonly CsvColumn<Key>[],
  toRecords: (row: Row) => CsvRecord<Key> | CsvRecord<Key>[],
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const converted = toRecords(row)
        if (Array.isArray(converted)) yield* converted
        else yield converted
      }
    })(),
  )
  const csv = stringify(csvOptions(columns))
  records.on('error', (error) => csv.destroy(error))
  return records.pipe(csv)
}

/** A short CSV file (a report already in memory) as text, written by the same rules. */
export function csvText<Key extends string>(records: readonly Partial<CsvRecord<Key>>[], columns: readonly CsvColumn<Key>[]): string {
  return stringifyText([...records], csvOptions(columns))
}
