/**
 * The tax capability's contract: the owner's tax settings (how the store charges tax, whether
 * prices include it, the seller as invoices name them), the owner's rate for a country or
 * region over the project's table, and the public policy every shopper's page reads to show the
 * tax before checkout. One schema for the console's form and the server, so a value is refused
 * with the same sentence in both.
 */
import { z } from 'zod'
import { isCountryCode } from '../address/countries.ts'
import { regionsOf } from '../address/regions.ts'
import { TAX_MODES, type TaxMode } from '../tax/tax-types.ts'
import { versionSchema } from './strict-input.ts'

export const TAX_SETTINGS_LIMITS = { legalName: 200, address: 500, taxNumber: 40, label: 40 } as const

/** The highest rate an owner may set: 100 %, in basis points. */
export const MAX_RATE_BASIS_POINTS = 10_000

export const TAX_MESSAGES = {
  saved: 'Tax settings saved',
  rateSaved: 'Rate saved',
  rateRemoved: 'The table rate applies again',
  changed: 'The tax settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
  sellerCountryNeeded: "Choose the seller's country: invoices and the buyer's tax depend on it.",
  legalNameNeeded: "Enter the seller's legal name: every invoice must carry it.",
  unknownRate: 'There is no rate of yours for that place to remove.',
} as const

/** How the console names each mode. */
export const TAX_MODE_LABELS: Readonly<Record<TaxMode, string>> = {
  flat: 'Flat 8 % estimate',
  'by-country': "By the buyer's country",
  stripe: 'Stripe Tax',
}

/** A line of plain text: trimmed, one line, at most `max` characters (empty allowed). */
function line(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), `${label} must fit on one line`)
}

const countryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, message)

export const taxSettingsFormSchema = z
  .strictObject({
    mode: z.enum(TAX_MODES, { error: 'Choose how the store charges tax' }),
    pricesIncludeTax: z.boolean({ error: 'Say whether your prices include tax' }),
    /** ISO alpha-2, or empty before the owner chooses. */
    sellerCountry: z.union([z.literal(''), countryCode("Choose the seller's country from the list")], { error: "Choose the seller's country from the list" }),
    sellerLegalName: line('The legal name', TAX_SETTINGS_LIMITS.legalName),
    /** Several lines, as the invoice prints it. */
    sellerAddress: z
      .string({ error: 'The address must be text' })
      .trim()
      .max(TAX_SETTINGS_LIMITS.address, `The address can be at most ${TAX_SETTINGS_LIMITS.address} characters`),
    sellerTaxNumber: line('The tax number', TAX_SETTINGS_LIMITS.taxNumber),
  })
  .superRefine((form, ctx) => {
    // Only the flat estimate issues no real tax: any other mode puts the seller on invoices and decides reverse charge by their country.
    if (form.mode === 'flat') return
    if (!form.sellerCountry) ctx.addIssue({ code: 'custom', path: ['sellerCountry'], message: TAX_MESSAGES.sellerCountryNeeded })
    if (!form.sellerLegalName) ctx.addIssue({ code: 'custom', path: ['sellerLegalName'], message: TAX_MESSAGES.legalNameNeeded })
  })
export type TaxSettingsForm = z.infer<typeof taxSettingsFormSchema>

/** The settings a store has before its owner saves any: the configured mode, prices without tax, no seller yet. */
export function defaultTaxSettings(mode: TaxMode): TaxSettingsForm {
  return { mode, pricesIncludeTax: false, sellerCountry: '', sellerLegalName: '', sellerAddress: '', sellerTaxNumber: '' }
}

export const taxSettingsSaveSchema = z.strictObject({ form: taxSettingsFormSchema, version: versionSchema })
export type TaxSettingsSave = z.infer<typeof taxSettingsSaveSchema>

/** The form as the server answers it (already checked: plain values, nothing to transform on the way out). */
const taxSettingsAnswerSchema = z.object({
  mode: z.enum(TAX_MODES),
  pricesIncludeTax: z.boolean(),
  sellerCountry: z.string(),
  sellerLegalName: z.string(),
  sellerAddress: z.string(),
  sellerTaxNumber: z.string(),
})

export const adminTaxSettingsSchema = z.object({
  form: taxSettingsAnswerSchema,
  /** Counts the saves: a save names the version it was edited from. */
  version: z.number().int(),
  /** When they were last saved; null before the first save (the configured mode applies). */
  updatedAt: z.string().nullable(),
  /** The store takes payments through Stripe, so Stripe Tax can compute the tax; otherwise the by-country table imitates it. */
  stripeTaxAvailable: z.boolean(),
})
export type AdminTaxSettings = z.infer<typeof adminTaxSettingsSchema>
export const adminTaxSettingsResponseSchema = z.object({ data: adminTaxSettingsSchema })

/** A region code of that country (a US state, a Canadian province), or '' for the whole country. */
function isRegionOf(countryCode: string, regionCode: string): boolean {
  return regionCode === '' || regionsOf(countryCode).some((region) => region.code === regionCode)
}

/** The owner's rate for a country, or one of its regions, over the project's table. */
export const taxRateSaveSchema = z
  .strictObject({
    countryCode: countryCode('Choose a country from the list'),
    regionCode: z
      .string({ error: 'The region must be text' })
      .trim()
      .transform((value) => value.toUpperCase())
      .default(''),
    rateBasisPoints: z
      .number({ error: 'Enter the rate as a percentage from 0 to 100' })
      .int('Enter the rate with at most two decimals')
      .min(0, 'Enter the rate as a percentage from 0 to 100')
      .max(MAX_RATE_BASIS_POINTS, 'Enter the rate as a percentage from 0 to 100'),
    label: line("The tax's name", TAX_SETTINGS_LIMITS.label).refine((value) => value.length > 0, 'Name the tax as invoices show it, such as VAT or GST'),
  })
  .superRefine((rate, ctx) => {
    if (!isRegionOf(rate.countryCode, rate.regionCode))
      ctx.addIssue({ code: 'custom', path: ['regionCode'], message: 'Choose a region of that country, or none' })
  })
export type TaxRateSave = z.infer<typeof taxRateSaveSchema>

/** What a place is taxed at: its rate in basis points (1900 = 19 %) and the tax's name. */
export const taxRateValueSchema = z.object({ rateBasisPoints: z.number().int(), label: z.string() })

/** One row of the console's rates table: the project's rate, and the owner's over it when set. */
export const adminTaxRateSchema = z.object({
  countryCode: z.string(),
  /** '' for the whole country. */
  regionCode: z.string(),
  /** The project's table; null for a place the table does not list. */
  table: taxRateValueSchema.nullable(),
  /** The owner's rate, which wins over the table. */
  override: taxRateValueSchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() }).nullable(),
})
export type AdminTaxRate = z.infer<typeof adminTaxRateSchema>
export const adminTaxRatesResponseSchema = z.object({ data: z.object({ rates: z.array(adminTaxRateSchema) }) })

export const taxRateParamsSchema = z.strictObject({ countryCode: countryCode('Choose a country from the list') })
export const taxRateQuerySchema = z.strictObject({
  region: z
    .string({ error: 'The region must be text' })
    .trim()
    .transform((value) => value.toUpperCase())
    .default(''),
})

/** The store's policy as the tax rules read it (the shape of TaxPolicy in src/shared/tax/tax-types.ts). */
export const taxPolicySchema = z.object({
  mode: z.enum(TAX_MODES),
  pricesIncludeTax: z.boolean(),
  sellerCountry: z.string().nullable(),
  overrides: z.array(z.object({ countryCode: z.string(), regionCode: z.string(), rateBasisPoints: z.number().int(), label: z.string() })),
})

/** A place's effective rate (the owner's over the table), as the browser shows the tax before checkout. */
export const publicTaxRateSchema = taxRateValueSchema.extend({ countryCode: z.string(), regionCode: z.string() })
export type PublicTaxRate = z.infer<typeof publicTaxRateSchema>

/** GET /api/tax/policy: the policy, and in by-country and stripe modes each place's effective rate (none in flat mode: 8 % for all). */
export const publicTaxPolicySchema = z.object({ policy: taxPolicySchema, rates: z.array(publicTaxRateSchema) })
export type PublicTaxPolicy = z.infer<typeof publicTaxPolicySchema>
export const publicTaxPolicyResponseSchema = z.object({ data: publicTaxPolicySchema })

/** A percentage as the owner types it ("19", "7.25", "7,25 %") in basis points; null when it is not one from 0 to 100 with at most two decimals. */
export function percentToBasisPoints(value: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(value)
  if (!match) return null
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints <= MAX_RATE_BASIS_POINTS ? basisPoints : null
}

/** 1900 → "19", 725 → "7.25", 1497 → "14.97". */
export function basisPointsToPercent(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')
}
