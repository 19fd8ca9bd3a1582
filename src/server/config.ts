/**
 * The store's configuration, read from the environment once at start-up and validated with
 * zod (create-t3-app's env.js habit): a bad value stops the process with a clear message. Each
 * concern (src/server/config/: the store, HTTP, the database, accounts, payments, email, the
 * catalog, storage, tax) declares its variables with their rules and what the store reads of
 * them; this file assembles them, and is what the rest of the server imports.
 */
import { z } from 'zod'
import { ACCOUNTS_ENV, accountsPartOf, requireAuthSecretInProduction, type AccountsPart } from './config/accounts.ts'
import { CATALOG_ENV, catalogPartOf, type CatalogPart } from './config/catalog.ts'
import { DATABASE_ENV, databasePartOf, type DatabasePart } from './config/database.ts'
import { EMAIL_ENV, emailPartOf, requireSmtpInProduction, type EmailPart } from './config/email.ts'
import { HTTP_ENV, httpPartOf, type HttpPart } from './config/http.ts'
import { PAYMENTS_ENV, paymentsPartOf, requireStripeInProduction, type PaymentsPart } from './config/payments.ts'
import { requireBucketForEndpoint, STORAGE_ENV, storagePartOf, type StoragePart } from './config/storage.ts'
import { STORE_ENV, storePartOf, type StorePart } from './config/store.ts'
import { requireStripeForStripeTax, TAX_ENV, taxPartOf, type TaxPart } from './config/tax.ts'

export type { StorageConfig } from './config/storage.ts'
export type { TaxConfig } from './config/tax.ts'

const envSchema = z
  .object({
    ...STORE_ENV.shape,
    ...HTTP_ENV.shape,
    ...DATABASE_ENV.shape,
    ...ACCOUNTS_ENV.shape,
    ...PAYMENTS_ENV.shape,
    ...EMAIL_ENV.shape,
    ...CATALOG_ENV.shape,
    ...STORAGE_ENV.shape,
    ...TAX_ENV.shape,
  })
  .superRefine((env, ctx) => {
    requireBucketForEndpoint(env, ctx)
    requireStripeForStripeTax(env, ctx)
    if (env.NODE_ENV !== 'production') return
    requireAuthSecretInProduction(env, ctx)
    requireSmtpInProduction(env, ctx)
    requireStripeInProduction(env, ctx)
  })

/** The configuration the store runs with, each concern's part. */
export type AppConfig = StorePart & HttpPart & DatabasePart & AccountsPart & PaymentsPart & EmailPart & CatalogPart & StoragePart & TaxPart

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** The configuration, or null once what is wrong with it is printed (the command then exits 1). */
export function loadConfigOrExplain(): AppConfig | null {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return null
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const values = parsed.data
  const store = storePartOf(values)
  const http = httpPartOf(values)
  return {
    ...store,
    ...http,
    ...databasePartOf(values, store.production),
    ...accountsPartOf(values, store.dataDir),
    ...paymentsPartOf(values, { production: store.production, port: http.port }),
    ...emailPartOf(values),
    ...catalogPartOf(values),
    ...storagePartOf(values),
    ...taxPartOf(values),
  }
}
