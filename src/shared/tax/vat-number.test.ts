import { describe, expect, it } from 'vitest'
import { checkVatNumberFormat, normaliseVatNumber } from './vat-number.ts'

describe('normaliseVatNumber', () => {
  it('writes a number as VIES and invoices do: capitals, no spaces, dots or dashes', () => {
    expect(normaliseVatNumber(' de 136.695-976 ')).toBe('DE136695976')
    expect(normaliseVatNumber('che-123.456.788')).toBe('CHE123456788')
  })

  it('writes Greece’s prefix as EL', () => {
    expect(normaliseVatNumber('GR 094259216')).toBe('EL094259216')
    expect(normaliseVatNumber('094259216', 'GR')).toBe('EL094259216')
  })

  it('gives a number typed without its prefix the buyer’s country’s, and leaves one with a prefix alone', () => {
    expect(normaliseVatNumber('136695976', 'DE')).toBe('DE136695976')
    expect(normaliseVatNumber('U13585627', 'AT')).toBe('ATU13585627')
    expect(normaliseVatNumber('FR40303265045', 'DE')).toBe('FR40303265045')
    expect(normaliseVatNumber('136695976')).toBe('136695976')
    expect(normaliseVatNumber('  ', 'DE')).toBe('')
  })
})

describe('checkVatNumberFormat', () => {
  it('accepts a number with its country’s format and checksum, and names the country', () => {
    expect(checkVatNumberFormat('DE136695976')).toEqual({ valid: true, country: 'DE' })
    expect(checkVatNumberFormat('FR 40 303 265 045')).toEqual({ valid: true, country: 'FR' })
    expect(checkVatNumberFormat('ATU13585627')).toEqual({ valid: true, country: 'AT' })
    expect(checkVatNumberFormat('EL094259216')).toEqual({ valid: true, country: 'GR' })
    expect(checkVatNumberFormat('094259216', 'GR')).toEqual({ valid: true, country: 'GR' })
  })

  it('refuses a wrong checksum or length, still naming the country the prefix says', () => {
    expect(checkVatNumberFormat('DE123456789')).toEqual({ valid: false, country: 'DE' })
    expect(checkVatNumberFormat('DE12345')).toEqual({ valid: false, country: 'DE' })
  })

  it('refuses a number no country’s format fits: no prefix, an unknown prefix, the EU’s own OSS numbers, empty', () => {
    expect(checkVatNumberFormat('136695976')).toEqual({ valid: false, country: null })
    expect(checkVatNumberFormat('ZZ136695976')).toEqual({ valid: false, country: null })
    expect(checkVatNumberFormat('EU372009975')).toEqual({ valid: false, country: null })
    expect(checkVatNumberFormat('')).toEqual({ valid: false, country: null })
  })
})
