/** The card form's as-you-type formatting. */
import { describe, expect, it } from 'vitest'
import { formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-input.ts'

describe('card input formatting', () => {
  it('groups card numbers in fours, American Express as 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42')
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005')
    expect(formatCardNumber('')).toBe('')
  })

  it('writes the expiry as MM / YY and reads it back', () => {
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12 / ')
    expect(formatExpiry('1234')).toBe('12 / 34')
    expect(formatExpiry('4')).toBe('04 / ')
    expect(formatExpiry('12 /', '12 / ')).toBe('1')
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 })
    expect(parseExpiry('12 / 3')).toBeNull()
  })

  it('keeps three CVC digits, four for American Express', () => {
    expect(formatCvc('12a34', '4242')).toBe('123')
    expect(formatCvc('12345', '3782 822463 10005')).toBe('1234')
  })
})
