/**
 * Roles of accounts, as the owner CLI sets them: make an account an admin or take the role
 * back. (ADMIN_EMAILS grants it at sign-in; the admin plugin reads it on every session.)
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { user } from './auth.schema.ts'
import { ADMIN_ROLE } from './auth.ts'

export interface RoleChange {
  userId: string
  email: string
  before: string | null
  after: string
}

export function createRolesService(db: Database) {
  async function setRole(email: string, role: string): Promise<RoleChange | null> {
    return db.transaction(async (tx) => {
      const [account] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase())).for('update')
      if (!account) return null
      await tx.update(user).set({ role }).where(eq(user.id, account.id))
      return { userId: account.id, email: account.email, before: account.role, after: role }
    })
  }

  return {
    /** Makes the account with this email an admin; null when there is none. */
    grantAdmin: (email: string) => setRole(email, ADMIN_ROLE),
    /** Makes the account with this email a shopper again; null when there is none. */
    revokeAdmin: (email: string) => setRole(email, 'user'),
  }
}

export type RolesService = ReturnType<typeof createRolesService>
