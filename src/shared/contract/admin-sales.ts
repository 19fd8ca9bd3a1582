/**
 * The owner's timed sales: one form schema for the console, the server and the CLI (so a field is
 * refused with the same words everywhere), and the sale as the console lists it, with its status
 * and what it did to revenue. Starts and Ends travel as ISO times (the browser turns its local
 * date and time into one); both are required, since a sale runs for a stated time.
 */
import { z } from 'zod'
import { SALE_SCOPES } from './selling.ts'
import { isIsoDateTime, recordId, versionSchema } from './strict-input.ts'

/** Where a sale is in its life at a moment: before its start, between start and end, or over (its end passed, or ended early). */
export const SALE_STATUSES = ['scheduled', 'running', 'ended'] as const
export type SaleStatus = (typeof SALE_STATUSES)[number]
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { scheduled: 'Scheduled', running: 'Running', ended: 'Ended' }

export const SALE_SCOPE_LABELS = { store: 'Whole store', products: 'Chosen products', categories: 'Chosen categories' } as const

/** Products and categories a sale may name. */
export const MAX_SALE_PRODUCTS = 500
export const MAX_SALE_CATEGORIES = 100

const moment = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value !== '', `${label} is required`)
    .refine((value) => value === '' || isIsoDateTime(value), `${label} must be a date and time`)

export const saleFormSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    /** Whole percent off each unit, 1 to 100; empty for an amount-off sale. */
    percentOff: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100),
        'Percent off must be a whole number from 1 to 100',
      ),
    /** Dollars off each unit, more than 0; empty for a percent-off sale. */
    amountOff: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d{1,7}(\.\d{1,2})?$/.test(value) && Number(value) > 0),
        'Amount off must be an amount in dollars above 0, with at most 2 decimals',
      ),
    scope: z.enum(SALE_SCOPES, { error: 'Applies to must be the whole store, chosen products or chosen categories' }),
    productIds: z.array(recordId('Product')).max(MAX_SALE_PRODUCTS, `A sale may name at most ${MAX_SALE_PRODUCTS} products`),
    categoryIds: z.array(recordId('Category')).max(MAX_SALE_CATEGORIES, `A sale may name at most ${MAX_SALE_CATEGORIES} categories`),
    startsAt: moment('Starts'),
    endsAt: moment('Ends'),
  })
  .superRefine((form, context) => {
    if (form.percentOff === '' && form.amountOff === '')
      context.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give a percent off or an amount off' })
    if (form.percentOff !== '' && form.amountOff !== '')
      context.addIssue({ code: 'custom', path: ['amountOff'], message: 'Give a percent off or an amount off, not both' })
    if (form.scope === 'products' && form.productIds.length === 0)
      context.addIssue({ code: 'custom', path: ['productIds'], message: 'Choose at least one product' })
    if (form.scope === 'categories' && form.categoryIds.length === 0)
      context.addIssue({ code: 'custom', path: ['categoryIds'], message: 'Choose at least one category' })
    if (isIsoDateTime(form.startsAt) && isIsoDateTime(form.endsAt) && Date.parse(form.endsAt) <= Date.parse(form.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends must be after Starts' })
    }
  })
export type SaleForm = z.infer<typeof saleFormSchema>

export const saleCreateSchema = z.strictObject({ form: saleFormSchema })

/** A save names the version it was edited from (required); an older one is refused. */
export const saleSaveSchema = z.strictObject({ form: saleFormSchema, version: versionSchema })

/** What a sale did to revenue: paid orders with a line it priced (refunded lines left out), their units, revenue without tax and the discount given. */
export const saleEffectSchema = z.object({
  paidOrders: z.number().int(),
  units: z.number().int(),
  revenueCents: z.number().int(),
  discountCents: z.number().int(),
})

export const adminSaleSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  scope: z.enum(SALE_SCOPES),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Switched off by End now (saving the form switches it on again). */
  active: z.boolean(),
  status: z.enum(SALE_STATUSES),
  effect: saleEffectSchema,
  updatedAt: z.string(),
  /** Counts the saves: a save names the version it was edited from. */
  version: z.number().int(),
  form: saleFormSchema,
})
export type AdminSale = z.infer<typeof adminSaleSchema>

export const SALE_ADMIN_MESSAGES = {
  notFound: 'Sale not found',
  changed: 'This sale was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  unknownProducts: 'Some chosen products are not in the store',
  unknownCategories: 'Some chosen categories are not in the store',
} as const

/** The sale's status at `now`: Ended once switched off or past its end, Scheduled before its start, else Running. */
export function saleStatusAt(sale: { active: boolean; startsAt: Date | string; endsAt: Date | string }, now: Date): SaleStatus {
  if (!sale.active || new Date(sale.endsAt).getTime() <= now.getTime()) return 'ended'
  return new Date(sale.startsAt).getTime() > now.getTime() ? 'scheduled' : 'running'
}
