/**
 * The store's settings: one row (id 1) holding only what the owner changed from the defaults
 * (the spec's texts and the server's SUPPORT_EMAIL), so a default the owner never touched
 * follows the configuration. A save names the version it was edited from: of two owners saving
 * at once, the second is told the settings changed instead of overwriting them. A save also
 * tells every store process, in its transaction, that the storefront's cached answers and pages
 * are out of date (they show these texts), on the channel the catalog's changes use.
 */
import { eq, sql } from 'drizzle-orm'
import {
  changedStoreSettings,
  defaultStoreSettings,
  resolveStoreSettings,
  STORE_SETTINGS_MESSAGES,
  type AdminStoreSettings,
  type PublicStoreSettings,
  type StoreSettings,
} from '../../shared/contract/store-settings.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError } from '../http/errors.ts'
import { storeSettings } from './settings.schema.ts'

const ROW_ID = 1
/** The version the settings have before their first save (the row's default). */
const FIRST_VERSION = 1

/** The fields a save changed, as they were and as they are. */
export interface StoreSettingsChange {
  before: Partial<StoreSettings>
  after: Partial<StoreSettings>
}
export type StoreSettingsAudit = (tx: Executor, change: StoreSettingsChange) => Promise<void>

export interface SettingsServiceOptions {
  db: Database
  /** The server's SUPPORT_EMAIL: the support address until the owner sets another. */
  supportEmail: string
  /** The channel every store process listens on to drop its cached storefront answers and pages. */
  changeChannel: string
}

/** What the owner set: only the fields that differ from the defaults. */
function storedValues(settings: StoreSettings, defaults: StoreSettings): Record<string, unknown> {
  return Object.fromEntries(changedStoreSettings(defaults, settings).map((key) => [key, settings[key]]))
}

function pick(settings: StoreSettings, keys: readonly (keyof StoreSettings)[]): Partial<StoreSettings> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]))
}

export function createSettingsService({ db, supportEmail, changeChannel }: SettingsServiceOptions) {
  if (!/^[a-z_][a-z0-9_]*$/.test(changeChannel)) throw new Error(`Not a channel name: ${changeChannel}`)
  const defaults = defaultStoreSettings(supportEmail)

  async function current(executor: Executor = db) {
    const [row] = await executor.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID))
    return {
      settings: resolveStoreSettings(row?.values ?? {}, defaults),
      version: row?.version ?? FIRST_VERSION,
      updatedAt: row?.updatedAt ?? null,
    }
  }

  /** The settings as the owner's console shows them, with the defaults and the version a save is made over. */
  async function adminSettings(): Promise<AdminStoreSettings> {
    const { settings, version, updatedAt } = await current()
    return { form: settings, defaults, version, updatedAt: updatedAt?.toISOString() ?? null }
  }

  return {
    adminSettings,

    /** What every shopper's page reads (the receipt's texts and the reminder switch stay out). */
    async publicSettings(): Promise<PublicStoreSettings> {
      const { receiptThankYou: _thankYou, receiptFootnote: _footnote, cartReminders: _reminders, ...shown } = (await current()).settings
      return shown
    },

    /** The settings the receipt email and other messages read, all of them (in the caller's transaction when given one). */
    async settings(executor: Executor = db): Promise<StoreSettings> {
      return (await current(executor)).settings
    },

    /**
     * Saves the whole form over the version it was opened at (409 STALE_VERSION when saved since),
     * audits the fields it changed in the same transaction, and tells every process to drop the
     * storefront's cached answers once it commits. A save that changes nothing writes nothing.
     */
    async saveSettings(form: StoreSettings, version: number, audit: StoreSettingsAudit): Promise<AdminStoreSettings> {
      await db.transaction(async (tx) => {
        // The first save creates the row; two first saves at once wait on it here, and the second then sees the first's version.
        await tx.insert(storeSettings).values({ id: ROW_ID }).onConflictDoNothing()
        const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID)).for('update')
        if (!row || row.version !== version) throw new AppError(409, STALE_VERSION, STORE_SETTINGS_MESSAGES.changed)
        const before = resolveStoreSettings(row.values, defaults)
        const changed = changedStoreSettings(before, form)
        if (changed.length === 0) return
        await tx
          .update(storeSettings)
          .set({ values: storedValues(form, defaults), version: sql`${storeSettings.version} + 1`, updatedAt: sql`now()` })
          .where(eq(storeSettings.id, ROW_ID))
        await audit(tx, { before: pick(before, changed), after: pick(form, changed) })
        // Delivered to every listening process when the transaction commits, and not at all if it rolls back.
        await tx.execute(sql`select pg_notify(${changeChannel}, '')`)
      })
      return adminSettings()
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
