/**
 * Tax: the mode a store taxes in until its owner chooses in the console, the EU's VAT number
 * register (VIES), and the GeoIP database that places a buyer's IP address.
 */
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { TAX_MODES, type TaxMode } from '../../shared/tax/tax-types.ts'
import { blankAsUnset } from './env-values.ts'

/** The EU's VIES REST API (check-vat-number), which says whether a VAT number is registered. */
const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api'

export const TAX_ENV = z.object({
  /** How the store taxes a sale until the owner chooses in the console: flat (the 8 % estimate), by-country or stripe (Stripe Tax). */
  TAX_MODE: z.preprocess(blankAsUnset, z.enum(TAX_MODES, { error: 'TAX_MODE must be flat, by-country or stripe' }).default('flat')),
  /** The EU's VIES REST API, which confirms a VAT number is registered; empty turns the check off (the number's format and checksum still count). */
  VIES_URL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\/+$/, '') : value),
    z.union([z.literal(''), z.url('VIES_URL must be an http(s) URL, or empty to turn the VIES check off')]).default(DEFAULT_VIES_URL),
  ),
  /** A MaxMind GeoLite2-Country (or GeoIP2) .mmdb file: the buyer's IP address country becomes the second piece of evidence of where they are. */
  GEOIP_DATABASE: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .refine((path) => path === undefined || existsSync(path), 'GEOIP_DATABASE must be the path of a GeoLite2-Country .mmdb file that exists'),
  ),
})

export interface TaxConfig {
  /** The tax mode of a store whose owner never saved tax settings (TAX_MODE). */
  defaultMode: TaxMode
  /** The VIES REST API's base URL (VIES_URL); null turns the registry check off. */
  viesUrl: string | null
  /** The GeoLite2-Country database's path (GEOIP_DATABASE); unset, no IP address is placed. */
  geoipDatabase: string | undefined
}

export interface TaxPart {
  tax: TaxConfig
}

/** Stripe Tax is computed on Stripe's checkout: without Stripe the store could not charge the tax it promises. */
export function requireStripeForStripeTax(env: { TAX_MODE: TaxMode; STRIPE_SECRET_KEY?: string | undefined }, ctx: z.RefinementCtx): void {
  if (env.TAX_MODE === 'stripe' && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['TAX_MODE'],
      message: "TAX_MODE=stripe needs Stripe: set STRIPE_SECRET_KEY, or choose TAX_MODE=by-country to tax by the buyer's country without Stripe",
    })
  }
}

export function taxPartOf(values: z.output<typeof TAX_ENV>): TaxPart {
  return { tax: { defaultMode: values.TAX_MODE, viesUrl: values.VIES_URL || null, geoipDatabase: values.GEOIP_DATABASE } }
}
