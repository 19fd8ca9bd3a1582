/**
 * A vendor's serials file as the owner imports it (the console's upload, `owner serials import`),
 * read by the store's one CSV reader (http/csv-read.ts): one serial per line, or a `serial`
 * column under a header row. A serial is its whole cell, commas and doubled quotes included when
 * it is quoted: a line an unquoted comma splits (more fields than its header, or than the one
 * serial of a file without a header) is reported invalid rather than cut, or a buyer would be
 * sent part of a serial. Blank lines are skipped; a file that is not CSV is refused as a whole.
 */
import { badRequest } from '../http/errors.ts'
import { CsvReadError, readCsvRows, tooManyCells } from '../http/csv-read.ts'

/** Serials are at most this long: what the activation API accepts as a key. */
export const SERIAL_MAX_LENGTH = 200

export interface SerialLine {
  /** Null when the line is invalid. */
  serial: string | null
  line: number
  message: string | null
}

/** The file's serials, line by line; throws a 400 (INVALID_CSV) saying where a file that is not CSV breaks. */
export function readSerialsCsv(csv: string): SerialLine[] {
  let rows
  try {
    rows = readCsvRows(csv)
  } catch (error) {
    if (error instanceof CsvReadError) throw badRequest(`The file is not valid CSV: ${error.message}`, 'INVALID_CSV')
    throw error
  }
  const header = rows[0]?.cells.map((cell) => cell.toLowerCase())
  const column = header?.includes('serial') ? header.indexOf('serial') : null
  return (column === null ? rows : rows.slice(1)).flatMap(({ line, cells }): SerialLine[] => {
    const invalid = (message: string) => [{ serial: null, line, message }]
    let serial: string
    if (column === null) {
      const filled = cells.filter((cell) => cell.trim() !== '')
      if (filled.length > 1)
        return invalid(`The line has ${filled.length} fields: give one serial per line, or a column named serial (a comma inside a serial needs "quotes")`)
      serial = filled[0]?.trim() ?? ''
    } else {
      if (cells.length > header!.length) return invalid(`The line ${tooManyCells(cells.length, header!.length)}`)
      serial = cells[column]?.trim() ?? ''
    }
    if (!serial) return []
    if (/[\u0000-\u001f\u007f]/.test(serial)) return invalid('A serial cannot hold control characters')
    if (serial.length > SERIAL_MAX_LENGTH) return invalid(`A serial is at most ${SERIAL_MAX_LENGTH} characters`)
    return [{ serial, line, message: null }]
  })
}
