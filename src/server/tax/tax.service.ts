/**
 * The tax capability: the owner's tax settings (one row; absent, the configured TAX_MODE with
 * prices without tax and no seller yet), the owner's rates over the project's table, the policy
 * the tax rules read, and the two checks checkout needs of a buyer: is their VAT number real
 * (VIES, else its format and checksum) and which country is their IP address in (GeoIP).
 *
 * Saves follow the store settings' rules: a settings save names the version it was edited from
 * (a newer one saved since is a 409), every change is audited in its own transaction, and each
 * tells every store process on the catalog's channel, as it commits, that the cached public
 * answers (the tax policy among them) are out of date.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  defaultTaxSettings,
  TAX_MESSAGES,
  type AdminTaxRate,
  type AdminTaxSettings,
  type PublicTaxPolicy,
  type TaxRateSave,
  type TaxSettingsForm,
} from '../../shared/contract/tax.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import type { TaxPolicy } from '../../shared/tax/tax-types.ts'
import { checkVatNumberFormat, normaliseVatNumber } from '../../shared/tax/vat-number.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { Database, Executor } from '../db/client.ts'
import type { TaxConfig } from '../config.ts'
import { AppError, fieldError, notFound } from '../http/errors.ts'
import { createIpCountryLookup } from './geoip.ts'
import { adminRateRows, effectiveRates } from './tax-rate-table.ts'
import { taxRates, taxSettings, type TaxSettingsRow } from './tax.schema.ts'
import { createViesClient } from './vies.ts'

const ROW_ID = 1
/** The version the settings have before their first save (the row's default). */
const FIRST_VERSION = 1
/** How long a checkout waits for VIES before the number's format decides. */
const VIES_TIMEOUT_MS = 3000

/** How a VAT number was found: registered (VIES) or well-formed with a valid checksum (VIES not reachable or not covering it). */
export interface VatNumberCheck {
  valid: boolean
  checkedBy: 'vies' | 'format'
  /** The number as the order keeps it: its country prefix and characters, no spaces or dots. */
  vatNumber: string
}

export interface TaxServiceOptions {
  db: Database
  config: TaxConfig
  /** Stripe takes the store's payments, so Stripe Tax can compute the tax. */
  stripeTaxAvailable: boolean
  audit: Pick<AuditService, 'record'>
  /** The channel every store process listens on to drop its cached public answers. */
  changeChannel: string
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

function formOf(row: TaxSettingsRow | undefined, defaultMode: TaxSettingsForm['mode']): TaxSettingsForm {
  if (!row) return defaultTaxSettings(defaultMode)
  return {
    mode: row.mode,
    pricesIncludeTax: row.pricesIncludeTax,
    sellerCountry: row.sellerCountry ?? '',
    sellerLegalName: row.sellerLegalName ?? '',
    sellerAddress: row.sellerAddress ?? '',
    sellerTaxNumber: row.sellerTaxNumber ?? '',
  }
}

/** The fields whose values differ, as they were and as they are. */
function changes(before: TaxSettingsForm, after: TaxSettingsForm) {
  const keys = (Object.keys(after) as (keyof TaxSettingsForm)[]).filter((key) => before[key] !== after[key])
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])), keys }
}

const rateSubject = (countryCode: string, regionCode: string) => ({ type: 'tax_rate', id: regionCode ? `${countryCode}-${regionCode}` : countryCode })

export function createTaxService({ db, config, stripeTaxAvailable, audit, changeChannel, log }: TaxServiceOptions) {
  if (!/^[a-z_][a-z0-9_]*$/.test(changeChannel)) throw new Error(`Not a channel name: ${changeChannel}`)
  const vies = config.viesUrl ? createViesClient({ url: config.viesUrl, timeoutMs: VIES_TIMEOUT_MS, log }) : null
  const countryOfIp = createIpCountryLookup(config.geoipDatabase, log)

  async function current(executor: Executor = db) {
    const [row] = await executor.select().from(taxSettings).where(eq(taxSettings.id, ROW_ID))
    return { form: formOf(row, config.defaultMode), version: row?.version ?? FIRST_VERSION, updatedAt: row?.updatedAt ?? null }
  }

  async function settings(): Promise<AdminTaxSettings> {
    const { form, version, updatedAt } = await current()
    return { form, version, updatedAt: updatedAt?.toISOString() ?? null, stripeTaxAvailable }
  }

  async function overrides(executor: Executor = db) {
    return executor.select().from(taxRates).orderBy(taxRates.countryCode, taxRates.regionCode)
  }

  /** Tells every process, when the transaction commits (and not at all if it rolls back), to drop its cached public answers. */
  const notifyChange = (tx: Executor) => tx.execute(sql`select pg_notify(${changeChannel}, '')`)

  async function policy(executor: Executor = db): Promise<TaxPolicy> {
    const [{ form }, rows] = await Promise.all([current(executor), overrides(executor)])
    return {
      mode: form.mode,
      pricesIncludeTax: form.pricesIncludeTax,
      sellerCountry: form.sellerCountry || null,
      overrides: rows.map(({ countryCode, regionCode, rateBasisPoints, label }) => ({ countryCode, regionCode, rateBasisPoints, label })),
    }
  }

  return {
    /** The settings as the owner's console shows them, with the version a save is made over. */
    settings,

    /** The store's tax policy as the tax rules read it (in the caller's transaction when given one). */
    policy,

    /** What every shopper's page reads: the policy, and each place's effective rate unless every buyer pays the flat estimate. */
    async publicPolicy(): Promise<PublicTaxPolicy> {
      const read = await policy()
      return { policy: read, rates: read.mode === 'flat' ? [] : effectiveRates(read.overrides) }
    },

    /**
     * Saves the whole form over the version it was opened at (409 STALE_VERSION when saved since),
     * audited in the same transaction. Any mode but the flat estimate needs the seller's country and
     * legal name: invoices carry them and reverse charge depends on the country.
     */
    async saveSettings(form: TaxSettingsForm, version: number, actor: AuditActor): Promise<AdminTaxSettings> {
      if (form.mode !== 'flat' && !form.sellerCountry) throw fieldError('sellerCountry', TAX_MESSAGES.sellerCountryNeeded)
      if (form.mode !== 'flat' && !form.sellerLegalName) throw fieldError('sellerLegalName', TAX_MESSAGES.legalNameNeeded)
      await db.transaction(async (tx) => {
        // The first save creates the row with the configured mode; two first saves at once wait on it here.
        await tx.insert(taxSettings).values({ id: ROW_ID, mode: config.defaultMode }).onConflictDoNothing()
        const [row] = await tx.select().from(taxSettings).where(eq(taxSettings.id, ROW_ID)).for('update')
        if (!row || row.version !== version) throw new AppError(409, STALE_VERSION, TAX_MESSAGES.changed)
        const change = changes(formOf(row, config.defaultMode), form)
        if (change.keys.length === 0) return
        await tx
          .update(taxSettings)
          .set({
            mode: form.mode,
            pricesIncludeTax: form.pricesIncludeTax,
            sellerCountry: form.sellerCountry || null,
            sellerLegalName: form.sellerLegalName || null,
            sellerAddress: form.sellerAddress || null,
            sellerTaxNumber: form.sellerTaxNumber || null,
            version: sql`${taxSettings.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(taxSettings.id, ROW_ID))
        await audit.record(tx, {
          actor,
          action: 'tax_settings.update',
          subject: { type: 'tax_settings', id: 'store' },
          before: change.before,
          after: change.after,
        })
        await notifyChange(tx)
      })
      return settings()
    },

    /** Every place the project's table lists, and every place the owner set a rate for, with both rates. */
    async rates(): Promise<AdminTaxRate[]> {
      return adminRateRows(await overrides())
    },

    /** Sets the owner's rate for a country or one of its regions (it wins over the table), audited. */
    async saveRate(rate: TaxRateSave, actor: AuditActor): Promise<AdminTaxRate[]> {
      await db.transaction(async (tx) => {
        const where = and(eq(taxRates.countryCode, rate.countryCode), eq(taxRates.regionCode, rate.regionCode))
        const [before] = await tx.select().from(taxRates).where(where).for('update')
        if (before && before.rateBasisPoints === rate.rateBasisPoints && before.label === rate.label) return
        const values = { rateBasisPoints: rate.rateBasisPoints, label: rate.label, updatedAt: sql`now()`, updatedBy: actor.email }
        await tx
          .insert(taxRates)
          .values({ countryCode: rate.countryCode, regionCode: rate.regionCode, ...values })
          .onConflictDoUpdate({ target: [taxRates.countryCode, taxRates.regionCode], set: values })
        await audit.record(tx, {
          actor,
          action: 'tax_rate.save',
          subject: rateSubject(rate.countryCode, rate.regionCode),
          before: before ? { rateBasisPoints: before.rateBasisPoints, label: before.label } : null,
          after: { rateBasisPoints: rate.rateBasisPoints, label: rate.label },
        })
        await notifyChange(tx)
      })
      return adminRateRows(await overrides())
    },

    /** Removes the owner's rate for a place, so the table's applies again (404 when the owner set none), audited. */
    async deleteRate(countryCode: string, regionCode: string, actor: AuditActor): Promise<AdminTaxRate[]> {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(taxRates)
          .where(and(eq(taxRates.countryCode, countryCode), eq(taxRates.regionCode, regionCode)))
          .returning()
        if (!removed) throw notFound(TAX_MESSAGES.unknownRate)
        await audit.record(tx, {
          actor,
          action: 'tax_rate.delete',
          subject: rateSubject(countryCode, regionCode),
          before: { rateBasisPoints: removed.rateBasisPoints, label: removed.label },
          after: null,
        })
        await notifyChange(tx)
      })
      return adminRateRows(await overrides())
    },

    /**
     * Whether a buyer's VAT number is a business's: first its format and checksum (offline), then
     * VIES when the store can reach it. VIES's "no" makes it invalid; VIES unreachable, switched off
     * (VIES_URL empty) or not covering the country (GB, NO, CH…) leaves the format's answer. A number
     * typed without its country prefix takes the buyer's country's (`countryCode`), when given.
     */
    async checkVatNumber(number: string, countryCode?: string | null): Promise<VatNumberCheck> {
      const vatNumber = normaliseVatNumber(number, countryCode)
      if (!checkVatNumberFormat(vatNumber).valid) return { valid: false, checkedBy: 'format', vatNumber }
      const registered = vies ? await vies.ask(vatNumber) : null
      return registered === null ? { valid: true, checkedBy: 'format', vatNumber } : { valid: registered, checkedBy: 'vies', vatNumber }
    },

    /** The ISO country of an IP address from the GeoIP database (GEOIP_DATABASE); null without one or for an address it does not place. */
    countryOfIp,
  }
}

export type TaxService = ReturnType<typeof createTaxService>
