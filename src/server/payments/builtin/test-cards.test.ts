/** Stripe's test-mode card rules as the built-in provider applies them. */
import { describe, expect, it } from 'vitest'
import { evaluateTestCard, passesLuhn } from './test-cards.ts'

const NOW = new Date('2026-05-15T12:00:00Z')
const card = (cardNumber: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  evaluateTestCard({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123', ...overrides }, NOW)

describe('evaluateTestCard', () => {
  it('pays with Stripe test numbers, spaces or not, and keeps only the last four', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, last4: '4242', brand: 'visa', country: 'US' })
    expect(card('5555555555554444')).toEqual({ ok: true, last4: '4444', brand: 'mastercard', country: 'US' })
    expect(card('3782 822463 10005', { cvc: '1234' })).toEqual({ ok: true, last4: '0005', brand: 'amex', country: 'US' })
  })

  it("pays with Stripe's international test cards, issued in their countries", () => {
    expect(card('4000 0027 6000 0016')).toEqual({ ok: true, last4: '0016', brand: 'visa', country: 'DE' })
    expect(card('4000001240000000')).toEqual({ ok: true, last4: '0000', brand: 'visa', country: 'CA' })
    expect(card('4000008260000000')).toMatchObject({ ok: true, country: 'GB' })
  })

  it('declines the declining test numbers with their codes', () => {
    expect(card('4000 0000 0000 0002')).toMatchObject({ ok: false, status: 402, code: 'card_declined', message: 'Your card was declined.' })
    expect(card('4000 0000 0000 9995')).toMatchObject({ ok: false, status: 402, code: 'insufficient_funds', message: 'Your card has insufficient funds.' })
  })

  it('declines a real-looking number because this is test mode', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({
      status: 402,
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    })
  })

  it('checks the number, then the expiry, then the CVC', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ status: 400, code: 'invalid_number', message: 'Your card number is invalid.' })
    expect(card('4242 4242')).toMatchObject({ status: 400, code: 'incomplete_number', message: 'Your card number is incomplete.' })
    expect(card('4242abcd42424242')).toMatchObject({ code: 'invalid_number' })
    expect(card('4242424242424242', { expMonth: 13 })).toMatchObject({ message: "Your card's expiration month is invalid." })
    expect(card('4242424242424242', { expMonth: 4, expYear: 2026 })).toMatchObject({ message: "Your card's expiration date is in the past." })
    expect(card('4242424242424242', { expMonth: 5, expYear: 26 })).toMatchObject({ ok: true })
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ message: "Your card's security code is invalid." })
    expect(card('4242424242424242', { cvc: '1234' })).toMatchObject({ message: "Your card's security code is invalid." })
    expect(card('378282246310005', { cvc: '123' })).toMatchObject({ message: "Your card's security code is invalid." })
  })

  it('implements Luhn', () => {
    expect(passesLuhn('79927398713')).toBe(true)
    expect(passesLuhn('79927398710')).toBe(false)
  })
})
