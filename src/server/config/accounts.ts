/**
 * Accounts: the secret sessions and links are signed with (generated once into DATA_DIR when
 * unset, required in production), and the emails whose accounts become admins.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

export const ACCOUNTS_ENV = z.object({
  /** Session and link signing; generated once into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** Accounts (comma-separated emails) that become admins once their email is confirmed, at sign-in. */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('ADMIN_EMAILS must be email addresses separated by commas'))),
})

export interface AccountsPart {
  authSecret: string
  /** Lower-cased emails whose confirmed accounts are made admins at sign-in (ADMIN_EMAILS). */
  adminEmails: string[]
}

/** In production the secret is given (AUTH_SECRET), not generated into DATA_DIR. */
export function requireAuthSecretInProduction(env: { AUTH_SECRET?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when NODE_ENV=production' })
}

export function accountsPartOf(values: z.output<typeof ACCOUNTS_ENV>, dataDir: string): AccountsPart {
  return { authSecret: values.AUTH_SECRET ?? persistentSecret(dataDir), adminEmails: values.ADMIN_EMAILS }
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
