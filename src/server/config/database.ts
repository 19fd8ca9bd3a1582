/**
 * The database: PostgreSQL or the embedded PGlite, its page cache, whether start-up migrates it,
 * and whether a new one is seeded with the demo store.
 */
import { z } from 'zod'
import { blankAsUnset, optionalUrl } from './env-values.ts'

export const DATABASE_ENV = z.object({
  /** PostgreSQL connection string; unset means the embedded PGlite database. */
  DATABASE_URL: optionalUrl,
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers), all of it held in the
   * store's memory from the start: 32MB keeps the demo catalog and a few thousand products;
   * a larger catalog on PGlite may want more. Ignored with DATABASE_URL.
   */
  PGLITE_SHARED_BUFFERS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS must be a size such as 32MB or 1GB')
      .optional(),
  ),
  /**
   * Migrate the database at start-up: true/false or 1/0, unset or empty means true. A fleet on
   * PostgreSQL runs `npm run migrate` once per release and starts its processes with false:
   * each then only checks that the database is migrated, and refuses to start if not.
   */
  MIGRATE_ON_START: z.preprocess(
    blankAsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'MIGRATE_ON_START must be true, false, 1 or 0' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  ),
  /**
   * Seed the demo catalog and its promo codes into a new database: true/false or 1/0; unset
   * means on, except with NODE_ENV=production. An empty value counts as unset.
   */
  SEED_DEMO: z.preprocess(
    blankAsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'SEED_DEMO must be true, false, 1 or 0' })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ),
})

export interface DatabasePart {
  databaseUrl: string | undefined
  /** PGLITE_SHARED_BUFFERS: the embedded database's page cache, as PostgreSQL writes a size (`64MB`); unset: db/client.ts's 32MB. */
  pgliteSharedBuffers: string | undefined
  /** Whether start-up migrates the database, or only checks that it is migrated (MIGRATE_ON_START). */
  migrateOnStart: boolean
  /** Whether start-up seeds the demo catalog and promo codes (SEED_DEMO; off by default in production). */
  seedDemo: boolean
}

export function databasePartOf(values: z.output<typeof DATABASE_ENV>, production: boolean): DatabasePart {
  return {
    databaseUrl: values.DATABASE_URL,
    pgliteSharedBuffers: values.PGLITE_SHARED_BUFFERS,
    migrateOnStart: values.MIGRATE_ON_START,
    seedDemo: values.SEED_DEMO ?? !production,
  }
}
