/**
 * Accounts as the owner's customers pages see them: who an account is (name, email, confirmed or
 * not, since when), the accounts a name or address search finds, and correcting an account's
 * email in the caller's transaction. A corrected address is unconfirmed, as any new address is:
 * its owner confirms it before the store treats it as theirs (guest orders join only a confirmed
 * address).
 */
import { eq, ilike, inArray, or } from 'drizzle-orm'
import { CUSTOMER_MESSAGES } from '../../shared/contract/admin-customers.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError } from '../http/errors.ts'
import { user } from './auth.schema.ts'

/** Accounts a customers search looks among at most (the list then groups their orders). */
const SEARCH_ACCOUNTS_LIMIT = 200

export interface CustomerAccount {
  id: string
  email: string
  name: string
  emailVerified: boolean
  createdAt: Date
}

const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', CUSTOMER_MESSAGES.emailTaken)

/** PostgreSQL's unique violation, as PGlite and node-postgres report it (drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505'
}

export function createCustomerAccountsService(db: Database) {
  const columns = { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, createdAt: user.createdAt }

  return {
    /** The account, or null for an unknown id. */
    async accountOf(userId: string): Promise<CustomerAccount | null> {
      const [row] = await db.select(columns).from(user).where(eq(user.id, userId))
      return row ?? null
    },

    /** The ids of accounts whose name or email contains `search` (any case). */
    async accountIdsMatching(search: string): Promise<string[]> {
      const pattern = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(or(ilike(user.name, pattern), ilike(user.email, pattern)))
        .limit(SEARCH_ACCOUNTS_LIMIT)
      return rows.map((row) => row.id)
    },

    /** The names of these accounts, by id (an empty name left out). */
    async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map()
      const rows = await db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(inArray(user.id, [...userIds]))
      return new Map(rows.filter((row) => row.name.trim()).map((row) => [row.id, row.name.trim()]))
    },

    /** The account locked for an email change in the caller's transaction; null for an unknown id. */
    async lockAccount(tx: Executor, userId: string): Promise<CustomerAccount | null> {
      const [row] = await tx.select(columns).from(user).where(eq(user.id, userId)).for('update')
      return row ?? null
    },

    /** Refuses (409) an address another account has; Better Auth stores addresses lower-cased. */
    async assertEmailFree(tx: Executor, email: string, exceptUserId?: string): Promise<void> {
      const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()))
      if (row && row.id !== exceptUserId) throw emailTaken()
    },

    /** Gives the account a corrected address, unconfirmed; a concurrent taker of the same address gets 409 from the unique index. */
    async changeEmail(tx: Executor, userId: string, email: string): Promise<void> {
      try {
        await tx.update(user).set({ email: email.toLowerCase(), emailVerified: false, updatedAt: new Date() }).where(eq(user.id, userId))
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken()
        throw error
      }
    },
  }
}

export type CustomerAccountsService = ReturnType<typeof createCustomerAccountsService>
