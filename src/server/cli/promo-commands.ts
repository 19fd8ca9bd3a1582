/**
 * `owner promo set CODE --percent N | --amount D [...]`: creates the promo code, or changes the
 * options given on an existing one (the others stay as they are), through the same form schema
 * and audit log as the owner console. `--products` takes product ids, `--categories` category
 * slugs or ids (comma-separated; "" makes the code apply to every line again).
 */
import { EMPTY_PROMO_FORM, promoCodeFormSchema, type PromoCodeForm } from '../../shared/contract/admin-promo-codes.ts'
import { normalizePromoCode } from '../../shared/cart-rules.ts'
import { formatPrice } from '../../shared/money.ts'
import { codeDiscountLabel, listOfNames } from '../../shared/promo-rules.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import { AppError } from '../http/errors.ts'
import type { PromoService } from '../promo/promo.service.ts'
import { ProductInputError } from './product-commands.ts'

export interface PromoSetOptions {
  percent?: string
  /** Dollars off: a fixed-amount code. */
  amount?: string
  /** Comma-separated product ids. */
  products?: string
  /** Comma-separated category slugs or ids. */
  categories?: string
  /** Lines on sale get nothing (`--not-on-sale`). */
  notOnSale?: boolean
  /** Lines on sale get the code too (`--sale-items`). */
  saleItems?: boolean
  /** Dollars: the most discount the code may give; "" or "none" for no budget. */
  budget?: string
  starts?: string
  ends?: string
  maxUses?: string
  oncePerCustomer?: boolean
  minSubtotal?: string
  inactive?: boolean
  active?: boolean
}

const FLAGS: Partial<Record<keyof PromoCodeForm, string>> = {
  code: 'CODE',
  percentOff: '--percent',
  amountOff: '--amount',
  productIds: '--products',
  categoryIds: '--categories',
  budget: '--budget',
  startsAt: '--starts',
  endsAt: '--ends',
  maxUses: '--max-uses',
  minSubtotal: '--min-subtotal',
}

/** "2026-12-01" is the start of that day in UTC; a full time is taken as written; "" clears it. */
function momentOf(value: string): string {
  const trimmed = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return `${trimmed}T00:00:00.000Z`
  return trimmed === '' || Number.isNaN(Date.parse(trimmed)) ? trimmed : new Date(trimmed).toISOString()
}

const shownMoment = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** "a, b,,c " → ["a", "b", "c"]. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

export function createPromoCommands({
  promo,
  catalog,
  audit,
  actor,
}: {
  promo: Pick<PromoService, 'adminPromoCodes' | 'setPromoCode'>
  catalog: Pick<CatalogReadsService, 'listCategories'>
  audit: Pick<AuditService, 'record'>
  actor: { id: null; email: string }
}) {
  /** Category slugs (or ids) as ids; an unknown one is refused by name. */
  async function categoryIdsOf(value: string): Promise<string[]> {
    const wanted = listOf(value)
    if (wanted.length === 0) return []
    const categories = await catalog.listCategories()
    return wanted.map((slugOrId) => {
      const found = categories.find((category) => category.slug === slugOrId.toLowerCase() || category.id === slugOrId)
      if (!found)
        throw new ProductInputError(`--categories: ${slugOrId} is not a category (use one of: ${categories.map((category) => category.slug).join(', ')})`)
      return found.id
    })
  }

  return {
    async setPromo(rawCode: string, options: PromoSetOptions): Promise<string> {
      const code = normalizePromoCode(rawCode)
      if (options.percent !== undefined && options.amount !== undefined) throw new ProductInputError('Give --percent or --amount, not both')
      if (options.notOnSale && options.saleItems) throw new ProductInputError('Give --not-on-sale or --sale-items, not both')
      const existing = (await promo.adminPromoCodes()).find((row) => row.promo.code === code)
      if (!existing && options.percent === undefined && options.amount === undefined)
        throw new ProductInputError(`${code} is a new code: give --percent or --amount`)
      const base: PromoCodeForm = existing?.form ?? { ...EMPTY_PROMO_FORM, code }
      const parsed = promoCodeFormSchema.safeParse({
        ...base,
        code,
        ...(options.percent !== undefined ? { kind: 'percent', percentOff: options.percent } : {}),
        ...(options.amount !== undefined ? { kind: 'amount', amountOff: options.amount } : {}),
        ...(options.products !== undefined ? { productIds: listOf(options.products) } : {}),
        ...(options.categories !== undefined ? { categoryIds: await categoryIdsOf(options.categories) } : {}),
        ...(options.notOnSale ? { excludeSaleItems: true } : options.saleItems ? { excludeSaleItems: false } : {}),
        ...(options.budget !== undefined ? { budget: options.budget === 'none' ? '' : options.budget } : {}),
        ...(options.starts !== undefined ? { startsAt: momentOf(options.starts) } : {}),
        ...(options.ends !== undefined ? { endsAt: momentOf(options.ends) } : {}),
        ...(options.maxUses !== undefined ? { maxUses: options.maxUses === 'unlimited' ? '' : options.maxUses } : {}),
        ...(options.oncePerCustomer !== undefined ? { oncePerCustomer: options.oncePerCustomer } : {}),
        ...(options.minSubtotal !== undefined ? { minSubtotal: options.minSubtotal } : {}),
        ...(options.inactive ? { active: false } : options.active ? { active: true } : {}),
      })
      if (!parsed.success)
        throw new ProductInputError(
          parsed.error.issues.map((issue) => `${FLAGS[issue.path[0] as keyof PromoCodeForm] ?? String(issue.path[0])}: ${issue.message}`).join('\n'),
        )
      // An active code that has already ended would be accepted here and refused at every checkout.
      if (parsed.data.active && parsed.data.endsAt && Date.parse(parsed.data.endsAt) <= Date.now()) {
        const ended =
          options.ends !== undefined ? `--ends: ${shownMoment(parsed.data.endsAt)} is in the past` : `${code} ended at ${shownMoment(parsed.data.endsAt)}`
        throw new ProductInputError(`${ended}, so the code would never work: give a later --ends, or --inactive to keep it switched off`)
      }
      const { row, created } = await promo
        .setPromoCode(parsed.data, (tx, id, change) =>
          audit.record(tx, {
            actor,
            action: change.before ? 'promo.update' : 'promo.create',
            subject: { type: 'promo_code', id },
            before: change.before,
            after: change.after,
          }),
        )
        .catch((error: unknown) => {
          // A refusal of one field (an unknown product, a budget below what was given) is the owner's input to fix.
          if (error instanceof AppError && error.field)
            throw new ProductInputError(`${FLAGS[error.field as keyof PromoCodeForm] ?? error.field}: ${error.message}`)
          throw error
        })
      const listed = (await promo.adminPromoCodes()).find((entry) => entry.promo.id === row.id)
      const names = listed ? [...listed.scope.products, ...listed.scope.categories].map((record) => record.name) : []
      const facts = [
        codeDiscountLabel(row),
        names.length > 0 ? `on ${listOfNames(names)} only` : null,
        row.excludeSaleItems ? 'not on sale items' : null,
        row.budgetCents !== null ? `budget ${formatPrice(row.discountGivenCents)} of ${formatPrice(row.budgetCents)} used` : null,
        row.startsAt ? `from ${shownMoment(row.startsAt.toISOString())}` : null,
        row.endsAt ? `until ${shownMoment(row.endsAt.toISOString())}` : null,
        row.maxUses !== null ? `${row.uses} of ${row.maxUses} uses` : `${row.uses} uses`,
        row.oncePerCustomer ? 'once per customer' : null,
        row.minSubtotalCents > 0 ? `minimum ${formatPrice(row.minSubtotalCents)}` : null,
        row.active ? 'active' : 'inactive',
      ].filter(Boolean)
      return `${created ? 'Created' : 'Saved'} ${row.code}: ${facts.join(', ')}.`
    },
  }
}
