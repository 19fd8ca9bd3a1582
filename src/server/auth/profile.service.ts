/**
 * The signed-in producer's profile: a view of Better Auth's user row, of which the name and the
 * product update emails choice change; and, for the orders capability, which buyers turned
 * those emails off.
 */
import { and, eq, inArray, or } from 'drizzle-orm'
import type { Profile, ProfileChanges } from '../../shared/contract/profile.ts'
import type { Database, Executor } from '../db/client.ts'
import { user, type UserRow } from './auth.schema.ts'
import { unauthorized } from '../http/errors.ts'

/** Accounts that turned product update emails off, by id and by lower-cased email. */
export interface ProductUpdateOptOuts {
  userIds: Set<string>
  emails: Set<string>
}

export interface ProfileService {
  get: (userId: string) => Promise<Profile>
  /** Changes the full name, the product update emails choice, or both. */
  update: (userId: string, changes: ProfileChanges) => Promise<Profile>
  /** The account's name as the producer gave it; null for an unknown account or an empty name. */
  displayName: (userId: string) => Promise<string | null>
  /**
   * Which of these accounts (by id) and addresses (any case) belong to accounts that turned
   * product update emails off, read in the caller's transaction. An address without an account
   * is never among them.
   */
  productUpdateOptOuts: (tx: Executor, buyers: { userIds: readonly string[]; emails: readonly string[] }) => Promise<ProductUpdateOptOuts>
  /**
   * The id of the account whose confirmed email is this address (any case), read in the
   * caller's transaction when given; null when no account has it or its owner never confirmed it.
   */
  confirmedAccountIdByEmail: (email: string, tx?: Executor) => Promise<string | null>
  /** The addresses of those of these accounts whose owners confirmed them, by account id (a reminder goes only to a confirmed address). */
  confirmedEmailsOf: (userIds: readonly string[]) => Promise<Map<string, string>>
}

export function createProfileService(db: Database): ProfileService {
  return {
    get: async (userId) => {
      const [row] = await db.select().from(user).where(eq(user.id, userId))
      // The session named a user that no longer exists: treat it as signed out.
      if (!row) throw unauthorized()
      return toProfile(row)
    },
    displayName: async (userId) => {
      const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId))
      return row?.name.trim() || null
    },
    update: async (userId, changes) => {
      const [row] = await db
        .update(user)
        .set({
          ...(changes.full_name !== undefined ? { name: changes.full_name } : {}),
          ...(changes.product_update_emails !== undefined ? { productUpdateEmails: changes.product_update_emails } : {}),
          updatedAt: new Date(),
        })
        .where(eq(user.id, userId))
        .returning()
      if (!row) throw unauthorized()
      return toProfile(row)
    },
    productUpdateOptOuts: async (tx, { userIds, emails }) => {
      const optOuts: ProductUpdateOptOuts = { userIds: new Set(), emails: new Set() }
      if (userIds.length === 0 && emails.length === 0) return optOuts
      // Better Auth stores addresses lower-cased: the unique index on email serves this.
      const rows = await tx
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(
          and(
            eq(user.productUpdateEmails, false),
            or(
              userIds.length > 0 ? inArray(user.id, [...userIds]) : undefined,
              emails.length > 0
                ? inArray(
                    user.email,
                    emails.map((email) => email.toLowerCase()),
                  )
                : undefined,
            ),
          ),
        )
      for (const row of rows) {
        optOuts.userIds.add(row.id)
        optOuts.emails.add(row.email.toLowerCase())
      }
      return optOuts
    },
    confirmedAccountIdByEmail: async (email, tx = db) => {
      // Better Auth stores addresses lower-cased: the unique index on email serves this.
      const [row] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, email.trim().toLowerCase()), eq(user.emailVerified, true)))
      return row?.id ?? null
    },
    confirmedEmailsOf: async (userIds) => {
      if (userIds.length === 0) return new Map()
      const rows = await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(and(inArray(user.id, [...userIds]), eq(user.emailVerified, true)))
      return new Map(rows.map((row) => [row.id, row.email]))
    },
  }
}

function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    email: row.email,
    full_name: row.name,
    product_update_emails: row.productUpdateEmails,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
