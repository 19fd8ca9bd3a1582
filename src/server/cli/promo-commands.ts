/**
 * `owner promo set CODE --percent N [...]`: creates the promo code, or changes the options
 * given on an existing one (the others stay as they are), through the same form schema and
 * audit log as the owner console.
 */
import { promoCodeFormSchema, type PromoCodeForm } from '../../shared/contract/admin-promo-codes.ts'
import { normalizePromoCode } from '../../shared/cart-rules.ts'
import { formatPrice } from '../../shared/money.ts'
import type { AuditService } from '../admin/audit.service.ts'
import type { PromoService } from '../promo/promo.service.ts'
import { ProductInputError } from './product-commands.ts'

export interface PromoSetOptions {
  percent?: string
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

export function createPromoCommands({
  promo,
  audit,
  actor,
}: {
  promo: Pick<PromoService, 'adminPromoCodes' | 'setPromoCode'>
  audit: Pick<AuditService, 'record'>
  actor: { id: null; email: string }
}) {
  return {
    async setPromo(rawCode: string, options: PromoSetOptions): Promise<string> {
      const code = normalizePromoCode(rawCode)
      const existing = (await promo.adminPromoCodes()).find((row) => row.promo.code === code)
      if (!existing && options.percent === undefined) throw new ProductInputError(`${code} is a new code: give --percent`)
      const base: PromoCodeForm = existing?.form ?? {
        code,
        percentOff: '',
        startsAt: '',
        endsAt: '',
        maxUses: '',
        oncePerCustomer: false,
        minSubtotal: '',
        active: true,
      }
      const parsed = promoCodeFormSchema.safeParse({
        ...base,
        code,
        ...(options.percent !== undefined ? { percentOff: options.percent } : {}),
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
      const { row, created } = await promo.setPromoCode(parsed.data, (tx, id, change) =>
        audit.record(tx, {
          actor,
          action: change.before ? 'promo.update' : 'promo.create',
          subject: { type: 'promo_code', id },
          before: change.before,
          after: change.after,
        }),
      )
      const facts = [
        `${row.percentOff}% off`,
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
