/**
 * The owner's timed sales: the list, create, save over the version the form was opened at (of
 * two owners editing one sale, the second is told it changed), End now, delete, and `setSale`
 * (create or edit by name) for the CLI. Each write runs its audit entry in its own transaction;
 * the sales table's trigger tells every process's catalog to reload its sales, and this
 * process's list is dropped at once. Saving the form switches a sale on; End now switches it off
 * and, when it is running, moves its end to now (so its window reads as it happened).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { SALE_ADMIN_MESSAGES as MESSAGES, type SaleForm } from '../../shared/contract/admin-sales.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import { isUuid } from '../../shared/ids.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, fieldError, notFound } from '../http/errors.ts'
import { categories, products, sales, type SaleRow } from './catalog.schema.ts'
import type { SaleSchedule } from './sale-schedule.ts'

/** What the audit log keeps of a sale: its form and whether it is switched on. */
export type SaleSnapshot = SaleForm & { active: boolean }
export type SaleChange = { before: SaleSnapshot | null; after: SaleSnapshot | null }
export type SaleAudit = (tx: Executor, id: string, change: SaleChange) => Promise<void>

/** A sale as the owner's list reads it: the row and its form. */
export interface AdminSaleRow {
  sale: SaleRow
  form: SaleForm
}

/** The form as the owner sees a stored sale. */
export function saleFormOf(row: SaleRow): SaleForm {
  return {
    name: row.name,
    percentOff: row.percentOff === null ? '' : String(row.percentOff),
    amountOff: row.amountOffCents === null ? '' : (row.amountOffCents / 100).toFixed(2),
    scope: row.scope,
    productIds: [...row.productIds],
    categoryIds: [...row.categoryIds],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }
}

const snapshotOf = (row: SaleRow): SaleSnapshot => ({ ...saleFormOf(row), active: row.active })

/** The columns a saved form writes; only the list its scope reads is kept, and a save switches the sale on. */
function columnsOf(form: SaleForm) {
  return {
    name: form.name,
    percentOff: form.percentOff === '' ? null : Number(form.percentOff),
    amountOffCents: form.amountOff === '' ? null : Math.round(Number(form.amountOff) * 100),
    scope: form.scope,
    productIds: form.scope === 'products' ? [...new Set(form.productIds)] : [],
    categoryIds: form.scope === 'categories' ? [...new Set(form.categoryIds)] : [],
    startsAt: new Date(form.startsAt),
    endsAt: new Date(form.endsAt),
    active: true,
  }
}

export function createSaleAdmin(db: Database, schedule: Pick<SaleSchedule, 'salesChanged'>) {
  /** The chosen products and categories must be in the store (a typo'd id would cover nothing). */
  async function assertKnown(tx: Executor, form: SaleForm) {
    const { productIds, categoryIds } = columnsOf(form)
    if (productIds.length > 0) {
      const [found] = await tx.select({ count: count() }).from(products).where(inArray(products.id, productIds))
      if ((found?.count ?? 0) !== productIds.length) throw fieldError('productIds', MESSAGES.unknownProducts)
    }
    if (categoryIds.length > 0) {
      const [found] = await tx.select({ count: count() }).from(categories).where(inArray(categories.id, categoryIds))
      if ((found?.count ?? 0) !== categoryIds.length) throw fieldError('categoryIds', MESSAGES.unknownCategories)
    }
  }

  /** Runs a write, then drops this process's sales (other processes hear the trigger's NOTIFY). */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } finally {
      schedule.salesChanged()
    }
  }

  async function lockedSale(tx: Executor, id: string): Promise<SaleRow> {
    const [current] = isUuid(id) ? await tx.select().from(sales).where(eq(sales.id, id)).for('update') : []
    if (!current) throw notFound(MESSAGES.notFound)
    return current
  }

  async function create(form: SaleForm, audit: SaleAudit): Promise<SaleRow> {
    return writing(() =>
      db.transaction(async (tx) => {
        await assertKnown(tx, form)
        const [row] = await tx.insert(sales).values(columnsOf(form)).returning()
        await audit(tx, row!.id, { before: null, after: snapshotOf(row!) })
        return row!
      }),
    )
  }

  /** Saves the form over the version it was edited from; a sale saved since is a 409. */
  async function update(id: string, form: SaleForm, version: number, audit: SaleAudit): Promise<SaleRow> {
    return writing(() =>
      db.transaction(async (tx) => {
        const current = await lockedSale(tx, id)
        if (current.version !== version) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        await assertKnown(tx, form)
        // The version is checked and counted in the one statement that writes.
        const [saved] = await tx
          .update(sales)
          .set({ ...columnsOf(form), version: sql`${sales.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(sales.id, id), eq(sales.version, version)))
          .returning()
        if (!saved) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        await audit(tx, id, { before: snapshotOf(current), after: snapshotOf(saved) })
        return saved
      }),
    )
  }

  return {
    /** Every sale, the latest to start first, with its form. */
    async adminSales(): Promise<AdminSaleRow[]> {
      const rows = await db.select().from(sales).orderBy(desc(sales.startsAt), desc(sales.createdAt))
      return rows.map((sale) => ({ sale, form: saleFormOf(sale) }))
    },

    createSale: create,
    updateSale: update,

    /**
     * Ends the sale now: it stops pricing at once. A running sale's end becomes now; one not yet
     * started keeps its window and is switched off. An ended sale is left as it is.
     */
    async endSale(id: string, audit: SaleAudit): Promise<SaleRow> {
      return writing(() =>
        db.transaction(async (tx) => {
          const current = await lockedSale(tx, id)
          const now = new Date()
          if (!current.active || current.endsAt.getTime() <= now.getTime()) return current
          const endsAt = current.startsAt.getTime() < now.getTime() ? now : current.endsAt
          const [saved] = await tx
            .update(sales)
            .set({ active: false, endsAt, version: sql`${sales.version} + 1`, updatedAt: sql`now()` })
            .where(eq(sales.id, id))
            .returning()
          await audit(tx, id, { before: snapshotOf(current), after: snapshotOf(saved!) })
          return saved!
        }),
      )
    },

    /** Deletes the sale; the order items it priced keep its id and their prices. */
    async deleteSale(id: string, audit: SaleAudit): Promise<void> {
      await writing(() =>
        db.transaction(async (tx) => {
          const current = await lockedSale(tx, id)
          await tx.delete(sales).where(eq(sales.id, id))
          await audit(tx, id, { before: snapshotOf(current), after: null })
        }),
      )
    },

    /** The CLI's `sale set NAME`: edits the sale of that name (over its version as read now) when there is one, else creates it. */
    async setSale(form: SaleForm, audit: SaleAudit): Promise<{ row: SaleRow; created: boolean }> {
      const [existing] = await db
        .select({ id: sales.id, version: sales.version })
        .from(sales)
        .where(eq(sales.name, form.name))
        .orderBy(desc(sales.createdAt))
        .limit(1)
      return existing ? { row: await update(existing.id, form, existing.version, audit), created: false } : { row: await create(form, audit), created: true }
    },

    /** The newest sale of this name, or null. */
    async saleNamed(name: string): Promise<SaleRow | null> {
      const [row] = await db.select().from(sales).where(eq(sales.name, name)).orderBy(desc(sales.createdAt)).limit(1)
      return row ?? null
    },
  }
}
