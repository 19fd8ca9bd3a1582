/**
 * The owner's view of the store's list: subscribers (coming-soon, newsletter and free-product
 * news signups, with the consent each gave and whether they unsubscribed) and the free product
 * requests (who asked for what, whether they confirmed, whether they wanted news), newest first,
 * searchable by email. The CSV export reads the same rows in batches, so a long list streams out
 * without being held in memory.
 */
import { and, count, desc, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm'
import type { FreeProductClaim, Subscriber } from '../../shared/contract/subscribers.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database } from '../db/client.ts'
import { emailSignups, freeProductClaims } from './marketing.schema.ts'

/** Rows read at a time for an export. */
const EXPORT_BATCH = 500

export interface ListQuery {
  search?: string | undefined
  limit: number
  offset: number
}

export interface Listed<T> {
  data: T[]
  total: number
  hasMore: boolean
}

type ListTable = typeof emailSignups | typeof freeProductClaims
type SignupRow = typeof emailSignups.$inferSelect
type ClaimRow = typeof freeProductClaims.$inferSelect
/** Where an export's last batch ended: the time as PostgreSQL writes it (to the microsecond, which a Date would round) and the id. */
interface Cursor {
  at: string
  id: string
}

const emailMatching = (table: ListTable, search: string | undefined) =>
  search ? ilike(table.email, `%${search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`) : undefined

/** The rows after the cursor in newest-first order. */
const after = (table: ListTable, cursor: Cursor | null): SQL | undefined =>
  cursor ? sql`(${table.createdAt}, ${table.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined

const toSubscriber = (row: SignupRow): Subscriber => ({
  email: row.email,
  source: row.source,
  subscriptionType: row.subscriptionType,
  consentText: row.consentText,
  subscribedAt: row.createdAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
})

/** Every row `read` gives, batch after batch, until a batch comes back short. */
async function* batches<Row extends { id: string; cursorAt: string }>(read: (after: Cursor | null) => Promise<Row[]>): AsyncGenerator<Omit<Row, 'cursorAt'>[]> {
  let cursor: Cursor | null = null
  for (;;) {
    const rows = await read(cursor)
    if (rows.length > 0) yield rows.map(({ cursorAt: _cursorAt, ...row }) => row)
    if (rows.length < EXPORT_BATCH) return
    const last = rows.at(-1)!
    cursor = { at: last.cursorAt, id: last.id }
  }
}

const listed = <T>(data: T[], total: { value: number } | undefined, offset: number): Listed<T> => {
  const all = Number(total?.value ?? 0)
  return { data, total: all, hasMore: offset + data.length < all }
}

export type SubscribersService = ReturnType<typeof createSubscribersService>

export function createSubscribersService({ db, catalog }: { db: Database; catalog: Pick<CatalogReadsService, 'productSummariesByIds'> }) {
  async function toClaims(rows: ClaimRow[]): Promise<FreeProductClaim[]> {
    const products = await catalog.productSummariesByIds(rows.map((row) => row.productId))
    return rows.map((row) => ({
      email: row.email,
      productId: row.productId,
      productName: products.get(row.productId)?.name ?? 'Product',
      consentText: row.consentText,
      newsConsent: row.newsConsent,
      requestedAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    }))
  }

  return {
    async listSubscribers({ search, limit, offset }: ListQuery): Promise<Listed<Subscriber>> {
      const where = emailMatching(emailSignups, search)
      const [rows, [total]] = await Promise.all([
        db.select().from(emailSignups).where(where).orderBy(desc(emailSignups.createdAt), desc(emailSignups.id)).limit(limit).offset(offset),
        db.select({ value: count() }).from(emailSignups).where(where),
      ])
      return listed(rows.map(toSubscriber), total, offset)
    },

    async listFreeProductClaims({ search, limit, offset }: ListQuery): Promise<Listed<FreeProductClaim>> {
      const where = emailMatching(freeProductClaims, search)
      const [rows, [total]] = await Promise.all([
        db.select().from(freeProductClaims).where(where).orderBy(desc(freeProductClaims.createdAt), desc(freeProductClaims.id)).limit(limit).offset(offset),
        db.select({ value: count() }).from(freeProductClaims).where(where),
      ])
      return listed(await toClaims(rows), total, offset)
    },

    /** Every matching subscriber, newest first, read a batch at a time. */
    async *exportSubscribers(search: string | undefined): AsyncGenerator<Subscriber> {
      const read = (cursor: Cursor | null) =>
        db
          .select({ ...getTableColumns(emailSignups), cursorAt: sql<string>`${emailSignups.createdAt}::text` })
          .from(emailSignups)
          .where(and(emailMatching(emailSignups, search), after(emailSignups, cursor)))
          .orderBy(desc(emailSignups.createdAt), desc(emailSignups.id))
          .limit(EXPORT_BATCH)
      for await (const rows of batches(read)) yield* rows.map(toSubscriber)
    },

    /** Every matching free product request, newest first, read a batch at a time. */
    async *exportFreeProductClaims(search: string | undefined): AsyncGenerator<FreeProductClaim> {
      const read = (cursor: Cursor | null) =>
        db
          .select({ ...getTableColumns(freeProductClaims), cursorAt: sql<string>`${freeProductClaims.createdAt}::text` })
          .from(freeProductClaims)
          .where(and(emailMatching(freeProductClaims, search), after(freeProductClaims, cursor)))
          .orderBy(desc(freeProductClaims.createdAt), desc(freeProductClaims.id))
          .limit(EXPORT_BATCH)
      for await (const rows of batches(read)) yield* await toClaims(rows)
    },
  }
}
