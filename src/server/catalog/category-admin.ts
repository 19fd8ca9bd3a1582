/**
 * The owner's categories: create, rename (the slug stays unless the owner changes it, and a
 * changed slug keeps answering at its old address), reorder, and delete when empty. An edit
 * names the version it was made from: of two admins editing one category, the second is told it
 * changed instead of overwriting it. Each write runs in a transaction the caller can add its
 * audit entry to.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { CATEGORY_ADMIN_MESSAGES as MESSAGES, slugOf, type AdminCategory, type CategoryForm } from '../../shared/contract/admin-categories.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import { isUuid } from '../../shared/ids.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, fieldError, notFound } from '../http/errors.ts'
import { categories, categorySlugRedirects, products, type CategoryRow } from './catalog.schema.ts'

function toAdminCategory(row: CategoryRow, productCount: number): AdminCategory {
  return { id: row.id, name: row.name, slug: row.slug, description: row.description, position: row.position, products: productCount, version: row.version }
}

export type CategoryChange = { before: AdminCategory | null; after: AdminCategory | null }

export function createCategoryAdmin(db: Database) {
  async function productCountOf(tx: Executor, categoryId: string): Promise<number> {
    const [row] = await tx.select({ value: count() }).from(products).where(eq(products.categoryId, categoryId))
    return row?.value ?? 0
  }

  async function lockCategory(tx: Executor, id: string): Promise<CategoryRow> {
    const [row] = isUuid(id) ? await tx.select().from(categories).where(eq(categories.id, id)).for('update') : []
    if (!row) throw notFound(MESSAGES.notFound)
    return row
  }

  /** A slug no other category uses now or used before. */
  async function assertSlugFree(tx: Executor, slug: string, ownerId: string | null): Promise<void> {
    const [current] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))
    const [former] = await tx.select({ id: categorySlugRedirects.categoryId }).from(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug))
    const holder = current?.id ?? former?.id
    if (holder && holder !== ownerId) throw fieldError('slug', MESSAGES.slugTaken, 409)
  }

  return {
    /** Every category in store order, with how many products each holds, in one query. */
    async adminCategories(): Promise<AdminCategory[]> {
      const rows = await db
        .select({ category: categories, products: sql<number>`count(${products.id})::int` })
        .from(categories)
        .leftJoin(products, eq(products.categoryId, categories.id))
        .groupBy(categories.id)
        .orderBy(asc(categories.position), asc(categories.name))
      return rows.map((row) => toAdminCategory(row.category, row.products))
    },

    async createCategory(form: CategoryForm, audit: (tx: Executor, change: CategoryChange) => Promise<void>): Promise<AdminCategory> {
      const slug = form.slug || slugOf(form.name)
      if (!slug) throw fieldError('slug', 'Slug is required when the name has no letters or digits')
      return db.transaction(async (tx) => {
        await assertSlugFree(tx, slug, null)
        const [last] = await tx.select({ position: sql<number>`coalesce(max(${categories.position}), -1)::int` }).from(categories)
        const [row] = await tx
          .insert(categories)
          .values({ name: form.name, slug, description: form.description || null, position: (last?.position ?? -1) + 1 })
          .returning()
        const created = toAdminCategory(row!, 0)
        await audit(tx, { before: null, after: created })
        return created
      })
    },

    /** Saves the fields given over the version they were edited from; a category saved since is a 409. */
    async updateCategory(
      id: string,
      form: Partial<CategoryForm>,
      version: number,
      audit: (tx: Executor, change: CategoryChange) => Promise<void>,
    ): Promise<AdminCategory> {
      return db.transaction(async (tx) => {
        const row = await lockCategory(tx, id)
        if (row.version !== version) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        const productCount = await productCountOf(tx, id)
        const slug = form.slug || row.slug
        if (slug !== row.slug) {
          await assertSlugFree(tx, slug, row.id)
          // The old address keeps finding the category; the new one no longer points anywhere else.
          await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug))
          await tx.insert(categorySlugRedirects).values({ slug: row.slug, categoryId: row.id }).onConflictDoNothing()
        }
        // The version is checked and counted in the one statement that writes.
        const [updated] = await tx
          .update(categories)
          .set({
            name: form.name ?? row.name,
            slug,
            description: form.description === undefined ? row.description : form.description || null,
            version: sql`${categories.version} + 1`,
          })
          .where(and(eq(categories.id, id), eq(categories.version, version)))
          .returning()
        if (!updated) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        const change = { before: toAdminCategory(row, productCount), after: toAdminCategory(updated, productCount) }
        await audit(tx, change)
        return change.after
      })
    },

    /** Puts the categories in the given order: every category, each once. */
    async reorderCategories(ids: string[], audit: (tx: Executor, change: { before: string[]; after: string[] }) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.position), asc(categories.name)).for('update')
        const known = new Set(rows.map((row) => row.id))
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw new AppError(400, 'BAD_ORDER', MESSAGES.unknownIds)
        // One statement: each id gets its index in the new order.
        await tx
          .update(categories)
          .set({
            position: sql`array_position(${sql.raw('ARRAY[')}${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}${sql.raw(']')}, ${categories.id})`,
          })
          .where(inArray(categories.id, ids))
        await audit(tx, { before: rows.map((row) => row.id), after: ids })
      })
    },

    /** Deletes an empty category; one that holds products is refused (409). */
    async deleteCategory(id: string, audit: (tx: Executor, change: CategoryChange) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockCategory(tx, id)
        const productCount = await productCountOf(tx, id)
        if (productCount > 0) throw new AppError(409, 'CATEGORY_NOT_EMPTY', MESSAGES.notEmpty)
        await tx.delete(categories).where(eq(categories.id, id))
        await audit(tx, { before: toAdminCategory(row, 0), after: null })
      })
    },
  }
}
