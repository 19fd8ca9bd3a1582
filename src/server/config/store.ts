/**
 * The store as a whole: where its data lives, whether it runs in production, which home page it
 * shows, and how much it logs.
 */
import { resolve } from 'node:path'
import { z } from 'zod'

export const STORE_ENV = z.object({
  /** PGlite database and stored files. */
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** `coming-soon` (a landing page at /, the catalog at /products) or `live` (store home at /). */
  STORE_MODE: z.enum(['coming-soon', 'live']).default('coming-soon'),
  /** `production` turns off developer pages and the mailbox, and requires AUTH_SECRET and SMTP_URL. */
  NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export interface StorePart {
  dataDir: string
  storeMode: 'coming-soon' | 'live'
  production: boolean
  /** Developer pages (/supabase-test, /cart-debug, /checkout-test) and the mailbox exist. */
  devMode: boolean
  logLevel: string
}

export function storePartOf(values: z.output<typeof STORE_ENV>): StorePart {
  const production = values.NODE_ENV === 'production'
  return { dataDir: resolve(values.DATA_DIR), storeMode: values.STORE_MODE, production, devMode: !production, logLevel: values.LOG_LEVEL }
}
