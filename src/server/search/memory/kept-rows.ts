/**
 * A list's rows kept in memory between lists while what they are made from does not change (the
 * index keeps finished list items: catalog-index.ts): the index answers which products a page holds, and
 * their rows come from here instead of the database. Reading them by id and building them is the
 * largest cost of an uncached list, more than choosing them. The rows are dropped whenever
 * `changes()` moves on (a catalog change, or new running sales), and rows read while it moved are
 * not kept: they may be the old ones. At most `capacity` rows are
 * kept, the oldest read dropped first, so a catalog larger than that keeps its most asked-for part.
 */
export interface KeptRows<Row> {
  /** The rows of `ids` (those that exist), from memory or else by `load`, in no particular order. */
  read(ids: readonly string[], load: (missing: string[]) => Promise<Row[]>): Promise<Map<string, Row>>
  /**
   * Reads the rows of `ids` it does not hold, `batch` at a time, letting other work run between
   * batches; stops as soon as `changes()` moves on (what it read would be dropped anyway).
   */
  fill(ids: readonly string[], load: (missing: string[]) => Promise<Row[]>, batch: number): Promise<void>
}

export function createKeptRows<Row>(capacity: number, idOf: (row: Row) => string, changes: () => number): KeptRows<Row> {
  const kept = new Map<string, Row>()
  let keptFor = changes()

  const rows: KeptRows<Row> = {
    async read(ids, load) {
      const asked = changes()
      if (asked !== keptFor) {
        kept.clear()
        keptFor = asked
      }
      const found = new Map<string, Row>()
      const missing: string[] = []
      for (const id of ids) {
        const row = kept.get(id)
        if (row === undefined) missing.push(id)
        else found.set(id, row)
      }
      if (missing.length === 0) return found
      const loaded = await load(missing)
      const unchanged = changes() === asked && keptFor === asked
      for (const row of loaded) {
        const id = idOf(row)
        found.set(id, row)
        if (!unchanged) continue
        if (kept.size >= capacity) kept.delete(kept.keys().next().value!)
        kept.set(id, row)
      }
      return found
    },

    async fill(ids, load, batch) {
      const startedFor = changes()
      for (let start = 0; start < ids.length; start += batch) {
        if (changes() !== startedFor) return
        await rows.read(ids.slice(start, start + batch), load)
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
  return rows
}
