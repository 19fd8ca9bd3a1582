/**
 * The owner's catalog writes through the catalog's services are in this process's next list at
 * once: the database's change notification (which every process hears, and which clears the
 * catalog cache and through it the search index) may arrive a moment later.
 */
import type { CatalogSearch } from './catalog-search.ts'

/** The search engine a catalog service tells of its writes: one that keeps the catalog in memory, or none (SQL reads every change as it is made). */
export type WriteSeenBy = Pick<CatalogSearch, 'invalidate'> | undefined

/** `methods` with each of `writes` telling the search engine of the change once it is done (or failed); as they are when no engine keeps the catalog. */
export function seenAtOnce<T extends object>(search: WriteSeenBy, methods: T, writes: readonly (keyof T)[]): T {
  if (!search?.invalidate) return methods
  const engine = search as Required<Pick<CatalogSearch, 'invalidate'>>
  const wrapped = { ...methods }
  for (const name of writes) {
    const write = methods[name] as (...args: unknown[]) => Promise<unknown>
    wrapped[name] = (async (...args: unknown[]) => {
      try {
        return await write(...args)
      } finally {
        engine.invalidate()
      }
    }) as T[keyof T]
  }
  return wrapped
}
