/**
 * HTTP Range for file downloads (RFC 9110 §14): one byte range of a file, or none. A header
 * that is not a valid `bytes=` set is ignored (the whole file is sent), as are several ranges
 * (download managers resume with one); a range that starts past the end is unsatisfiable (416).
 * Not `range-parser` 1.2: it answers 416 to malformed headers and to a suffix longer than the
 * file, where RFC 9110 says to ignore the header and to send the whole file.
 */
import type { ByteRange } from '../storage/file-storage.ts'

export type RangeDecision = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' }

const RANGE_SPEC = /^(\d*)-(\d*)$/

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'full' }
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header)
  if (!match) return { kind: 'full' }
  const specs = match[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '')
  if (specs.length !== 1) return { kind: 'full' }
  const parts = RANGE_SPEC.exec(specs[0]!)
  if (!parts) return { kind: 'full' }
  const [, first, last] = parts as unknown as [string, string, string]
  if (first === '' && last === '') return { kind: 'full' }

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last)
    if (!Number.isSafeInteger(length)) return { kind: 'full' }
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } }
  }

  const start = Number(first)
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } }
}

/**
 * Whether a Range request's If-Range still names this file: an entity tag compared strongly
 * (a weak one never matches), or an HTTP date equal to the file's Last-Modified second.
 * When it does not match, the whole current file is sent instead of a piece of another version.
 */
export function ifRangeMatches(ifRange: string | undefined, validators: { etag: string; modifiedAt: Date }): boolean {
  if (ifRange === undefined) return true
  const value = ifRange.trim()
  if (value.startsWith('W/')) return false
  if (value.startsWith('"')) return value === validators.etag
  const date = Date.parse(value)
  return !Number.isNaN(date) && date === Math.floor(validators.modifiedAt.getTime() / 1000) * 1000
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`
}
