/**
 * Formatting of the card form's fields as the shopper types, the way Stripe's card fields do:
 * the number in groups (4-6-5 for American Express), the expiry as "MM / YY", the CVC digits only.
 */

export const digitsOnly = (value: string) => value.replace(/\D/g, '')

const isAmex = (digits: string) => /^3[47]/.test(digits)

/** "4242424242424242" → "4242 4242 4242 4242"; at most 19 digits (15 for American Express). */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input)
  if (isAmex(digits)) {
    const amex = digits.slice(0, 15)
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(' ')
  }
  return (digits.slice(0, 19).match(/.{1,4}/g) ?? []).join(' ')
}

/** "1" → "1", "12" → "12 / ", "123" → "12 / 3", "4" → "04 / " (no month starts with 2-9). */
export function formatExpiry(input: string, previous = ''): string {
  let digits = digitsOnly(input).slice(0, 4)
  // Deleting the separator deletes the month's last digit too, or backspace would stick.
  if (previous.endsWith(' / ') && input.length < previous.length) digits = digits.slice(0, -1)
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`
  if (digits.length < 2) return digits
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`
}

/** The month and four-digit year of a formatted expiry, or null while incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(value)
  if (!match) return null
  return { month: Number(match[1]), year: 2000 + Number(match[2]) }
}

export function cvcLengthFor(cardNumber: string): number {
  return isAmex(digitsOnly(cardNumber)) ? 4 : 3
}

export function formatCvc(input: string, cardNumber: string): string {
  return digitsOnly(input).slice(0, cvcLengthFor(cardNumber))
}
