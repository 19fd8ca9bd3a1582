/** Starts and Ends fields: picked in the owner's local time (<input type="datetime-local">), sent as ISO times. */

/** An ISO time as an <input type="datetime-local"> value in this browser's time zone. */
export function toLocalInput(iso: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A local input's value as an ISO time; text that is no date is sent as typed, for the schema to refuse beside the field. */
export const toIso = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local)
