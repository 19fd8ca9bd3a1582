/**
 * Strict parsers for what reaches the owner's API and the console's inputs: a calendar date that
 * exists, an ISO date and time, a whole number in a stated range (typed into a query string or
 * sent in a JSON body), a record id, and the version a form was opened at. The browser checks
 * with the same functions before it sends; every refusal names the field it is about.
 */
import { z } from 'zod'
import { UUID_PATTERN } from '../ids.ts'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/
/** The largest value of a PostgreSQL `integer` column. */
const MAX_INT4 = 2_147_483_647

/**
 * `2026-02-28` is a date; `2026-02-31`, `2026-13-45`, `0000-00-00` and `yesterday` are not: the
 * year, month and day must come back unchanged from Date.UTC (which would roll them over).
 */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** `2026-03-01T09:30:00.000Z` or with an offset (`+02:00`); its day must be a calendar date. */
export function isIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value)
  return match !== null && isCalendarDate(match[1]!) && !Number.isNaN(Date.parse(value))
}

export const calendarDateMessage = (label: string) => `${label} must be a real date (YYYY-MM-DD)`
const wholeNumberMessage = (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`

/** A day written YYYY-MM-DD that exists in the calendar. */
function calendarDate(label: string) {
  const message = calendarDateMessage(label)
  return z.string({ error: message }).trim().refine(isCalendarDate, message)
}

/** A calendar day, or nothing (absent or empty: no limit). */
export const optionalCalendarDate = (label: string) => emptyAsAbsent(calendarDate(label))

/** A whole number written in a query string: digits only, so `-1`, `1.5`, `1e9`, `0x10`, `abc` and `` are refused. */
export function queryInteger(label: string, min: number, max: number) {
  const message = wholeNumberMessage(label, min, max)
  return z
    .string({ error: message })
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message))
}

/** A whole number in a JSON body: a number (not `"3"`, `true` or `1.5`) within the range. */
export function wholeNumber(label: string, min: number, max: number) {
  const message = wholeNumberMessage(label, min, max)
  return z.number({ error: message }).int(message).min(min, message).max(max, message)
}

/** A record's id (a UUID). */
export function recordId(label: string) {
  const message = `${label} must be a record id (UUID)`
  return z.string({ error: message }).regex(UUID_PATTERN, message)
}

export const VERSION_MESSAGES = {
  required: 'version is required: send the version of the record the form was opened at',
  invalid: `version must be a whole number from 1 to ${MAX_INT4}`,
} as const

/** The version a save was edited from (optimistic locking): required, a whole number from 1. */
export const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? VERSION_MESSAGES.required : VERSION_MESSAGES.invalid) })
  .int(VERSION_MESSAGES.invalid)
  .min(1, VERSION_MESSAGES.invalid)
  .max(MAX_INT4, VERSION_MESSAGES.invalid)

/** A query value that may be sent empty (a cleared filter): empty is the same as absent. */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
}

/** The code of the 409 for a save over a version someone else has saved since. */
export const STALE_VERSION = 'STALE_VERSION'
