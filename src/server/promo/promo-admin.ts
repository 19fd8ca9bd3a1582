/**
 * The owner's promo codes: every code with how many paid orders used it and what it is limited
 * to by name, and saving the form (create, edit, deactivate by unticking Active; `setPromoCode`
 * creates or edits by code for the CLI). A code is unique whatever its case; each write runs its
 * audit entry in its own transaction. Lowering Max uses below the uses already taken is allowed:
 * no more are given. A budget below the discount already given is refused (the orders holding it
 * cannot give it back); the code's row is locked while it is checked, so no checkout adds to it
 * meanwhile. A save names the version it was edited from: of two admins editing one code, the
 * second is told it changed instead of overwriting it.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { PROMO_ADMIN_MESSAGES as MESSAGES, type PromoCodeForm } from '../../shared/contract/admin-promo-codes.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import { isUuid } from '../../shared/ids.ts'
import { centsToDollarString } from '../../shared/money.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, fieldError, notFound } from '../http/errors.ts'
import type { PromoScope, PromoScopes } from './promo-scope.ts'
import { promoCodes, promoRedemptions, type PromoCodeRow } from './promo.schema.ts'

export type PromoChange = { before: PromoCodeForm | null; after: PromoCodeForm }
export type PromoAudit = (tx: Executor, id: string, change: PromoChange) => Promise<void>

export interface AdminPromoRow {
  promo: PromoCodeRow
  /** Orders paid with it (their use is redeemed). */
  paidOrders: number
  /** What the code is limited to, by name. */
  scope: PromoScope
  form: PromoCodeForm
}

/** The form as the owner sees a stored code. */
export function promoFormOf(row: PromoCodeRow): PromoCodeForm {
  return {
    code: row.code,
    kind: row.amountOffCents !== null ? 'amount' : 'percent',
    percentOff: row.percentOff === null ? '' : String(row.percentOff),
    amountOff: row.amountOffCents === null ? '' : centsToDollarString(row.amountOffCents),
    productIds: [...row.productIds],
    categoryIds: [...row.categoryIds],
    excludeSaleItems: row.excludeSaleItems,
    budget: row.budgetCents === null ? '' : centsToDollarString(row.budgetCents),
    startsAt: row.startsAt?.toISOString() ?? '',
    endsAt: row.endsAt?.toISOString() ?? '',
    maxUses: row.maxUses === null ? '' : String(row.maxUses),
    oncePerCustomer: row.oncePerCustomer,
    minSubtotal: row.minSubtotalCents > 0 ? (row.minSubtotalCents / 100).toFixed(2) : '',
    active: row.active,
  }
}

const centsOf = (dollars: string) => Math.round(Number(dollars) * 100)

function columnsOf(form: PromoCodeForm) {
  return {
    code: form.code,
    // The kind decides which amount is kept; the other field's leftover text is not stored.
    percentOff: form.kind === 'percent' ? Number(form.percentOff) : null,
    amountOffCents: form.kind === 'amount' ? centsOf(form.amountOff) : null,
    productIds: [...new Set(form.productIds)],
    categoryIds: [...new Set(form.categoryIds)],
    excludeSaleItems: form.excludeSaleItems,
    budgetCents: form.budget ? centsOf(form.budget) : null,
    startsAt: form.startsAt ? new Date(form.startsAt) : null,
    endsAt: form.endsAt ? new Date(form.endsAt) : null,
    maxUses: form.maxUses ? Number(form.maxUses) : null,
    oncePerCustomer: form.oncePerCustomer,
    minSubtotalCents: form.minSubtotal ? Math.round(Number(form.minSubtotal) * 100) : 0,
    active: form.active,
  }
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505'

export function createPromoAdmin(db: Database, scopes: PromoScopes) {
  /** Every product and category the form names must be the store's (archived products included). */
  async function assertScope(form: PromoCodeForm) {
    const { productIds, categoryIds } = columnsOf(form)
    const [scope] = await scopes.scopesOf([{ productIds, categoryIds }])
    if (scope!.products.length !== productIds.length) throw fieldError('productIds', MESSAGES.unknownProducts)
    if (scope!.categories.length !== categoryIds.length) throw fieldError('categoryIds', MESSAGES.unknownCategories)
  }

  async function assertFree(tx: Executor, code: string, exceptId?: string) {
    const [taken] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.code, code), exceptId ? ne(promoCodes.id, exceptId) : undefined))
    if (taken) throw fieldError('code', MESSAGES.duplicate)
  }

  /** Two owners saving the same new code at once: the unique index refuses the second, with the same words. */
  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', MESSAGES.duplicate)
      throw error
    }
  }

  async function create(form: PromoCodeForm, audit: PromoAudit): Promise<PromoCodeRow> {
    await assertScope(form)
    return uniquely(() =>
      db.transaction(async (tx) => {
        await assertFree(tx, form.code)
        const [row] = await tx.insert(promoCodes).values(columnsOf(form)).returning()
        await audit(tx, row!.id, { before: null, after: promoFormOf(row!) })
        return row!
      }),
    )
  }

  /** Saves the form over the version it was edited from; a code saved since is a 409. */
  async function update(id: string, form: PromoCodeForm, version: number, audit: PromoAudit): Promise<PromoCodeRow> {
    await assertScope(form)
    return uniquely(() =>
      db.transaction(async (tx) => {
        const [current] = isUuid(id) ? await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update') : []
        if (!current) throw notFound(MESSAGES.notFound)
        if (current.version !== version) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        await assertFree(tx, form.code, id)
        // Locked above: no checkout adds to what the code has given until this commits.
        const budgetCents = columnsOf(form).budgetCents
        if (budgetCents !== null && budgetCents < current.discountGivenCents) throw fieldError('budget', MESSAGES.budgetBelowGiven(current.discountGivenCents))
        // The version is checked and counted in the one statement that writes.
        const [saved] = await tx
          .update(promoCodes)
          .set({ ...columnsOf(form), version: sql`${promoCodes.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(promoCodes.id, id), eq(promoCodes.version, version)))
          .returning()
        if (!saved) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        await audit(tx, id, { before: promoFormOf(current), after: promoFormOf(saved) })
        return saved
      }),
    )
  }

  return {
    /** Every code, newest first, with its paid orders, in one grouped query. */
    async adminPromoCodes(): Promise<AdminPromoRow[]> {
      const rows = await db
        .select({ promo: promoCodes, paidOrders: sql<number>`count(${promoRedemptions.orderId}) filter (where ${promoRedemptions.status} = 'redeemed')::int` })
        .from(promoCodes)
        .leftJoin(promoRedemptions, eq(promoRedemptions.promoCodeId, promoCodes.id))
        .groupBy(promoCodes.id)
        .orderBy(sql`${promoCodes.createdAt} desc`, asc(promoCodes.code))
      const named = await scopes.scopesOf(rows.map((row) => row.promo))
      return rows.map((row, index) => ({ ...row, scope: named[index]!, form: promoFormOf(row.promo) }))
    },

    createPromoCode: create,
    updatePromoCode: update,

    /** The CLI's `promo set CODE`: edits the code (over its version as read now) when it exists, else creates it. */
    async setPromoCode(form: PromoCodeForm, audit: PromoAudit): Promise<{ row: PromoCodeRow; created: boolean }> {
      const [existing] = await db.select({ id: promoCodes.id, version: promoCodes.version }).from(promoCodes).where(eq(promoCodes.code, form.code))
      return existing ? { row: await update(existing.id, form, existing.version, audit), created: false } : { row: await create(form, audit), created: true }
    },
  }
}
