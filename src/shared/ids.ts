/**
 * The store's record ids: every table keys its rows by a UUID. A value that is not one names no
 * record, so a lookup answers "not found" without asking the database (which would refuse the
 * cast), and the owner's API refuses it as bad input.
 */

/** A UUID of any version, in either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value)
}
