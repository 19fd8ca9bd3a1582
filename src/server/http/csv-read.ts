/**
 * The one place the owner's CSV files are read (a product import's manifest.csv, a vendor's
 * serials), so that a file means the same wherever it is imported: csv-parse under one set of
 * rules. A quoted cell keeps its commas, its doubled quotes (`""` is `"`) and its line breaks; a
 * BOM (Excel's UTF-8 mark) and Windows or old Mac line ends belong to no cell; the spaces around
 * a cell are dropped; blank lines are skipped; a row may have more or fewer cells than the
 * header, and each reader says what that means for its file. Each row carries the line of the
 * file it starts on, for the messages that name it.
 */
import { CsvError, parse, type Info } from 'csv-parse/sync'

export interface CsvRow {
  /** The line of the file the row starts on (1 for the first). */
  line: number
  cells: string[]
}

/** The text is not CSV; the message says where (`the quote opened on line 3 is never closed`), to follow "<file> is not valid CSV: ". */
export class CsvReadError extends Error {}

const lineBreaks = (text: string) => text.split('\n').length - 1

/** A row with more cells than the header: its cells cannot be matched to their columns. */
export const tooManyCells = (cells: number, columns: number) => `has ${cells} fields but the header has ${columns} (a comma inside a field needs "quotes")`

export function readCsvRows(text: string): CsvRow[] {
  // csv-parse counts a CRLF inside quotes as two lines: with LF only, its count is the file's.
  const lf = text.replace(/\r\n?/g, '\n')
  let rows: { record: string[]; info: Info }[]
  try {
    // With `info`, each row comes as its record and where it ends (the typings know only plain records).
    rows = parse(lf, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof rows
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const { code, bytes, message } = error
    // `bytes` is where the record holding the open quote begins, before the blank lines it skipped.
    if (code === 'CSV_QUOTE_NOT_CLOSED' && typeof bytes === 'number') {
      const utf8 = Buffer.from(lf)
      const before = utf8.subarray(0, bytes).toString()
      const blank = /^(?:[ \t]*\n)*/.exec(utf8.subarray(bytes).toString())![0]
      throw new CsvReadError(`the quote opened on line ${lineBreaks(before + blank) + 1} is never closed`)
    }
    throw new CsvReadError(message.replace(/\s+/g, ' '))
  }
  // `info.lines` is the line the row ends on, after the line breaks inside its quoted cells.
  return rows.map(({ record, info }) => ({ line: info.lines - lineBreaks(record.join('')), cells: record }))
}
