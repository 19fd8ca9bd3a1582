/**
 * What the catalog's hand-written SQL shares, here and in its search engines (src/server/search):
 * the rows of a raw query on either driver, and a text[] value to compare with the array columns.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** A text[] value for comparing with the array columns (drizzle would expand a JS array into a list). */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
}
