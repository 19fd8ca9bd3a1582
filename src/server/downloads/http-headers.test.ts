/** Range and If-Range decisions, and the RFC 6266 file name header, on their own. */
import { describe, expect, it } from 'vitest'
import { attachmentDisposition } from './content-disposition.ts'
import { decideRange, ifRangeMatches } from '../http/http-range.ts'

describe('decideRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=900-', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=900-5000', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['Bytes = 5-5', { kind: 'partial', range: { start: 5, end: 5 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-5', { kind: 'full' }],
    ['bytes=0-1,5-9', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%s of a 1000-byte file → %j', (header, expected) => {
    expect(decideRange(header, 1000)).toEqual(expected)
  })

  it('has no satisfiable range in an empty file', () => {
    expect(decideRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
  })
})

describe('ifRangeMatches', () => {
  const validators = { etag: '"3e8-18c"', modifiedAt: new Date('2025-03-01T10:00:00.750Z') }
  it('compares entity tags strongly and dates to the second', () => {
    expect(ifRangeMatches(undefined, validators)).toBe(true)
    expect(ifRangeMatches('"3e8-18c"', validators)).toBe(true)
    expect(ifRangeMatches('"3e8-18d"', validators)).toBe(false)
    expect(ifRangeMatches('W/"3e8-18c"', validators)).toBe(false)
    expect(ifRangeMatches('Sat, 01 Mar 2025 10:00:00 GMT', validators)).toBe(true)
    expect(ifRangeMatches('Sat, 01 Mar 2025 09:59:59 GMT', validators)).toBe(false)
    expect(ifRangeMatches('yesterday', validators)).toBe(false)
  })
})

describe('attachmentDisposition', () => {
  it('quotes a plain ASCII name', () => {
    expect(attachmentDisposition('Dusty Keys.zip')).toBe('attachment; filename="Dusty Keys.zip"')
  })

  it('adds a UTF-8 filename* for characters beyond ISO-8859-1, with a fallback name', () => {
    expect(attachmentDisposition('Сэмплы Drums (Vol. 2).zip')).toBe(
      `attachment; filename="?????? Drums (Vol. 2).zip"; filename*=UTF-8''%D0%A1%D1%8D%D0%BC%D0%BF%D0%BB%D1%8B%20Drums%20%28Vol.%202%29.zip`,
    )
  })

  it('keeps paths, quotes and control characters out of the name', () => {
    expect(attachmentDisposition('../etc/"passwd"\r\n.zip')).toBe('attachment; filename="-etc--passwd-.zip"')
    expect(attachmentDisposition('   ')).toBe('attachment; filename="download"')
  })
})
