/**
 * How the built-in provider answers a card, as Stripe does in test mode: its published test
 * numbers pay or decline as documented (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
 * declined, ...), a real-looking number is declined because this is test mode, and malformed
 * details get Stripe's wording.
 */

export interface CardDetails {
  cardNumber: string
  expMonth: number
  expYear: number
  cvc: string
}

export type CardOutcome = { ok: true; last4: string; brand: string; country: string } | { ok: false; status: 400 | 402; code: string; message: string }

const DECLINED = 'Your card was declined.'

/** Stripe's test numbers that decline, with the error Stripe answers for each. */
const DECLINING_TEST_CARDS: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: DECLINED },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', message: DECLINED },
  '4000000000009979': { code: 'card_declined', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
}

/**
 * Stripe's international test cards: each pays and was issued in its country. Their numbers hold
 * the country's ISO 3166-1 numeric code (400000 276 0000016 is German). Every other paying test
 * card was issued in the United States, as Stripe's are.
 */
const COUNTRY_TEST_CARDS: Record<string, string> = {
  '4000000400000008': 'AT',
  '4000000560000004': 'BE',
  '4000002080000001': 'DK',
  '4000002460000001': 'FI',
  '4000002500000003': 'FR',
  '4000002760000016': 'DE',
  '4000003720000005': 'IE',
  '4000003800000008': 'IT',
  '4000005280000002': 'NL',
  '4000005780000007': 'NO',
  '4000007240000007': 'ES',
  '4000007520000008': 'SE',
  '4000007560000009': 'CH',
  '4000008260000000': 'GB',
  '4000000360000006': 'AU',
  '4000001240000000': 'CA',
  '4000003920000003': 'JP',
  '4000000760000002': 'BR',
}

/** Stripe's test numbers that pay, by brand. */
const PAYING_TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '5105105105105100': 'mastercard',
  '378282246310005': 'amex',
  '371449635398431': 'amex',
  '6011111111111117': 'discover',
  '6011000990139424': 'discover',
  '3056930009020004': 'diners',
  '36227206271667': 'diners',
  '3566002020360505': 'jcb',
  '6200000000000005': 'unionpay',
}

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '')
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits)
}

/** Stripe takes two-digit years as 20xx. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year
}

/** Checks the details in Stripe's order (number, expiry, CVC), then the test-mode outcome. */
export function evaluateTestCard(card: CardDetails, now: Date = new Date()): CardOutcome {
  const digits = digitsOf(card.cardNumber)
  if (!/^\d*$/.test(digits) || digits.length === 0) return invalid('invalid_number', 'Your card number is invalid.')
  if (digits.length < 13) return invalid('incomplete_number', 'Your card number is incomplete.')
  if (digits.length > 19 || !passesLuhn(digits)) return invalid('invalid_number', 'Your card number is invalid.')

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return invalid('invalid_expiry_month', "Your card's expiration month is invalid.")
  }
  const year = fullYear(card.expYear)
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) return invalid('invalid_expiry_year', "Your card's expiration year is invalid.")
  // A card is valid through the last day of its expiry month.
  const endOfMonth = Date.UTC(year, card.expMonth, 1)
  if (endOfMonth <= now.getTime()) return invalid('invalid_expiry_year_past', "Your card's expiration date is in the past.")

  const cvcLength = isAmex(digits) ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) return invalid('invalid_cvc', "Your card's security code is invalid.")

  const country = COUNTRY_TEST_CARDS[digits]
  if (country) return { ok: true, last4: digits.slice(-4), brand: 'visa', country }
  const brand = PAYING_TEST_CARDS[digits]
  if (brand) return { ok: true, last4: digits.slice(-4), brand, country: 'US' }
  const decline = DECLINING_TEST_CARDS[digits]
  if (decline) return { ok: false, status: 402, ...decline }
  return { ok: false, status: 402, code: 'card_declined', message: 'Your card was declined. Your request was in test mode, but used a non test card.' }
}

function invalid(code: string, message: string): CardOutcome {
  return { ok: false, status: 400, code, message }
}
