/**
 * The shapes environment variables share across the configuration's concerns: a URL that may be
 * left empty, and a value whose blank form counts as unset.
 */
import { z } from 'zod'

/** Trims a variable's text; a blank one counts as unset (`SEED_DEMO= npm start`). */
export const blankAsUnset = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value)

/** A URL, or unset: an empty variable counts as unset (`DATABASE_URL= npm start`). */
export const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
