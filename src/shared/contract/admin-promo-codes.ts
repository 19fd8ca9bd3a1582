/**
 * The owner's promo codes: one form schema for the browser, the server and the CLI, so a field
 * is refused with the same words everywhere; and the code as the owner's list shows it, with
 * its uses and the discount it has given. Starts and Ends travel as ISO times (the browser turns
 * its local date and time into one); an empty one means no limit.
 */
import { z } from 'zod'
import { isIsoDateTime, versionSchema } from './strict-input.ts'

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `${label} must be a whole number from ${min} to ${max}`,
    )

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
    percentOff: whole('Percent off', 1, 100).refine((value) => value !== '', 'Percent off is required'),
    startsAt: moment('Starts'),
    endsAt: moment('Ends'),
    /** Empty: unlimited. */
    maxUses: whole('Max uses', 1, 1_000_000),
    oncePerCustomer: z.boolean(),
    /** Dollars; empty or 0: no minimum. */
    minSubtotal: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{1,7}(\.\d{1,2})?$/.test(value), 'Minimum subtotal must be an amount in dollars with at most 2 decimals'),
    active: z.boolean(),
  })
  .superRefine((form, context) => {
    if (form.startsAt && form.endsAt && Date.parse(form.endsAt) <= Date.parse(form.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends must be after Starts' })
    }
  })
export type PromoCodeForm = z.infer<typeof promoCodeFormSchema>

export const promoCodeCreateSchema = z.strictObject({ form: promoCodeFormSchema })

/** A save names the version it was edited from (required); an older one is refused. */
export const promoCodeSaveSchema = z.strictObject({ form: promoCodeFormSchema, version: versionSchema })

export const adminPromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
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
} as const
