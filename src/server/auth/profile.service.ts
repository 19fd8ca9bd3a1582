/** The signed-in producer's profile: a view of Better Auth's user row, of which only the name changes. */
import { eq } from 'drizzle-orm'
import type { Profile } from '../../shared/contract/profile.ts'
import type { Database } from '../db/client.ts'
import { user, type UserRow } from './auth.schema.ts'
import { unauthorized } from '../http/errors.ts'

export interface ProfileService {
  get: (userId: string) => Promise<Profile>
  rename: (userId: string, fullName: string) => Promise<Profile>
  /** The account's name as the producer gave it; null for an unknown account or an empty name. */
  displayName: (userId: string) => Promise<string | null>
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
    rename: async (userId, fullName) => {
      const [row] = await db.update(user).set({ name: fullName, updatedAt: new Date() }).where(eq(user.id, userId)).returning()
      if (!row) throw unauthorized()
      return toProfile(row)
    },
  }
}

function toProfile(row: UserRow): Profile {
  return { id: row.id, email: row.email, full_name: row.name, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() }
}
