/**
 * The catalog: the largest product file an owner may upload, and what answers product lists,
 * searches and facet counts.
 */
import { z } from 'zod'

export const CATALOG_ENV = z.object({
  /** The largest product file an owner may upload, in bytes (5 GiB). */
  MAX_UPLOAD_BYTES: z.coerce
    .number({ error: 'MAX_UPLOAD_BYTES must be a number of bytes' })
    .int('MAX_UPLOAD_BYTES must be a whole number of bytes')
    .min(1024 * 1024, 'MAX_UPLOAD_BYTES must be at least 1 MiB')
    .default(5 * 1024 ** 3),
  /**
   * What answers product lists, searches and facet counts: `memory`, an index of the active
   * catalog in each process (read from the database at start and after every catalog change),
   * or `sql`, the database on every request (uses no memory per product; slower on large catalogs).
   */
  CATALOG_SEARCH: z.enum(['memory', 'sql'], { error: 'CATALOG_SEARCH must be memory or sql' }).default('memory'),
})

export interface CatalogPart {
  /** The largest product file an owner may upload (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number
  /** CATALOG_SEARCH: lists and facets from an in-memory index of the catalog, or from SQL on every request. */
  catalogSearch: 'memory' | 'sql'
}

export function catalogPartOf(values: z.output<typeof CATALOG_ENV>): CatalogPart {
  return { maxUploadBytes: values.MAX_UPLOAD_BYTES, catalogSearch: values.CATALOG_SEARCH }
}
