/**
 * The owner's promo codes: one form schema for the browser, the server and the CLI, so a field
 * is refused with the same words everywhere; and the code as the owner's list shows it, with
 * its uses, the discount it has given, what it is limited to and its budget. Starts and Ends
 * travel as ISO times (the browser turns its local date and time into one); an empty one means
 * no limit. A code takes a percent or a fixed amount off the lines it covers: every line, or
 * those of chosen products and categories, never sale lines when "Not on sale items" is ticked.
 */
import { z } from 'zod'
import { isUuid } from '../ids.ts'
import { formatPrice } from '../money.ts'
import { isIsoDateTime, versionSchema } from './strict-input.ts'

/** Percent off each covered line's sum, or a fixed amount off it. */
export const PROMO_KINDS = ['percent', 'amount'] as const

/** The most products, and categories, one code can be limited to. */
export const MAX_PROMO_SCOPE = 200

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `${label} must be a whole number from ${min} to ${max}`,
    )

/** Dollars with at most 2 decimals ("5", "5.00"), or empty. */
const dollars = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,7}(\.\d{1,2})?$/.test(value), `${label} must be an amount in dollars with at most 2 decimals`)

/** Record ids (the console's pick lists, the CLI's --products and --categories); the server keeps each once. */
const ids = (label: string) =>
  z
    .array(z.string().trim().refine(isUuid, `${label} must be the store\u2019s ${label.toLowerCase()}`), { error: `${label} must be a list` })
    .max(MAX_PROMO_SCOPE, `${label}: at most ${MAX_PROMO_SCOPE}`)
    .default([])

const positiveCents = (value: string) => value !== '' && Math.round(Number(value) * 100) > 0

/** An ISO time whose day exists (2026-02-31 is refused, not read as March 3), or empty. */
const moment = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isIsoDateTime(value), `${label} must be a date and time`)

export const promoCodeFormSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, 'Code must be 3 to 40 letters, digits, - or _'),
    /** Absent (older forms): a percent code. */
    kind: z.enum(PROMO_KINDS, { error: 'Kind must be percent or amount' }).default('percent'),
    /** Required for a percent code; ignored for a fixed amount. */
    percentOff: whole('Percent off', 1, 100),
    /** Dollars; required for a fixed-amount code, ignored for a percent one. */
    amountOff: dollars('Amount off').default(''),
    /** Limits the code to these products' lines and these categories' (both empty: every line). */
    productIds: ids('Products'),
    categoryIds: ids('Categories'),
    /** Lines priced by a sale get nothing. */
    excludeSaleItems: z.boolean().default(false),
    /** Dollars: the most discount the code may ever give; empty: no budget. */
    budget: dollars('Budget').default(''),
    startsAt: moment('Starts'),
    endsAt: moment('Ends'),
    /** Empty: unlimited. */
    maxUses: whole('Max uses', 1, 1_000_000),
    oncePerCustomer: z.boolean(),
    /** Dollars; empty or 0: no minimum. */
    minSubtotal: dollars('Minimum subtotal'),
    active: z.boolean(),
  })
  .superRefine((form, context) => {
    if (form.kind === 'percent' && form.percentOff === '') context.addIssue({ code: 'custom', path: ['percentOff'], message: 'Percent off is required' })
    if (form.kind === 'amount' && !positiveCents(form.amountOff)) {
      context.addIssue({ code: 'custom', path: ['amountOff'], message: 'Amount off is required: at least $0.01' })
    }
    if (form.budget !== '' && !positiveCents(form.budget)) {
      context.addIssue({ code: 'custom', path: ['budget'], message: 'Budget must be at least $0.01, or empty for no budget' })
    }
    if (form.startsAt && form.endsAt && Date.parse(form.endsAt) <= Date.parse(form.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends must be after Starts' })
    }
  })
export type PromoCodeForm = z.infer<typeof promoCodeFormSchema>

/** A new code's form before anything is typed (the console's empty form, the CLI's new code): a percent code for every line, active, with no limits. */
export const EMPTY_PROMO_FORM: PromoCodeForm = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  productIds: [],
  categoryIds: [],
  excludeSaleItems: false,
  budget: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  minSubtotal: '',
  active: true,
}
/** The form as a client may send it: the fields added with fixed and limited codes may be left out (a whole-cart percent code). */
export type PromoCodeFormInput = z.input<typeof promoCodeFormSchema>

export const promoCodeCreateSchema = z.strictObject({ form: promoCodeFormSchema })

/** A save names the version it was edited from (required); an older one is refused. */
export const promoCodeSaveSchema = z.strictObject({ form: promoCodeFormSchema, version: versionSchema })

export const adminPromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  /** Cents off for a fixed-amount code; null for a percent one. */
  amountOffCents: z.number().int().nullable(),
  /** What it is limited to, by name (both empty: every line). */
  scope: z.object({
    products: z.array(z.object({ id: z.string(), name: z.string() })),
    categories: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  excludeSaleItems: z.boolean(),
  /** The most discount it may give, in cents; null: no budget. */
  budgetCents: z.number().int().nullable(),
  /** The discount its paid orders and the checkouts waiting for payment hold of the budget, in cents. */
  budgetUsedCents: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Uses taken: paid orders and checkouts waiting for payment. */
  uses: z.number().int(),
  /** Paid orders that used it. */
  paidOrders: z.number().int(),
  /** What it took off those orders. */
  discountGivenCents: z.number().int(),
  oncePerCustomer: z.boolean(),
  minSubtotalCents: z.number().int(),
  updatedAt: z.string(),
  /** Counts the saves: a save names the version it was edited from. */
  version: z.number().int(),
  form: promoCodeFormSchema,
})
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>

export const PROMO_ADMIN_MESSAGES = {
  notFound: 'Promo code not found',
  changed: 'This promo code was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  duplicate: 'A promo code with this code already exists',
  unknownProducts: 'Products must be the store\u2019s products',
  unknownCategories: 'Categories must be the store\u2019s categories',
  /** A budget lowered below what the code has already given (paid orders and checkouts waiting for payment). */
  budgetBelowGiven: (givenCents: number) => `Budget cannot be below the ${formatPrice(givenCents)} the code has already given`,
} as const
