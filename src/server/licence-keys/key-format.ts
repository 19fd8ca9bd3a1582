/**
 * The text of a generated key: `ALS-XXXXX-XXXXX-XXXXX-XXXXX`, read aloud or typed from a
 * receipt, so its alphabet leaves out the characters people confuse (0/O, 1/I).
 */
import { randomBytes } from 'node:crypto'

/** 32 characters: each one is exactly five random bits, so no character is likelier than another. */
export const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const GROUPS = 4
const GROUP_LENGTH = 5

/** A new key: 100 random bits, far beyond guessing through a rate-limited API. */
export function generateKeyText(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH)
  const characters = [...bytes].map((byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length])
  const groups = Array.from({ length: GROUPS }, (_, group) => characters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH).join(''))
  return ['ALS', ...groups].join('-')
}

/** What the software sent, as it is stored: a generated key typed in lower case still matches. */
export function normaliseKeyText(text: string): string {
  const trimmed = text.trim()
  return /^als-/i.test(trimmed) ? trimmed.toUpperCase() : trimmed
}
