/**
 * What a signed-in shopper lets the store email them beyond receipts (email_preferences): no row
 * means the defaults (everything on). Other capabilities ask here whether someone opted out
 * instead of reading the table. Each cart reminder carries a signed unsubscribe link: the
 * account id and an HMAC-SHA256 of it under a key derived from AUTH_SECRET (a signed text token),
 * so the link proves itself, works in every process of the store and needs no stored secret or
 * sign-in. The token has no dot, so no link ends like a file's name; links sent before had one
 * between the id and the MAC, and still work.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  cartRemindersUnsubscribePath,
  DEFAULT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type EmailPreferencesChanges,
} from '../../shared/contract/email-preferences.ts'
import type { Database } from '../db/client.ts'
import { createSignedTextTokens } from '../http/signed-tokens.ts'
import { emailPreferences } from './marketing.schema.ts'

/** The MAC's length in base64url, after the dot of a link sent before tokens lost it (`id.mac`). */
const LEGACY_MAC_CHARS = 22
/** PostgreSQL's foreign_key_violation: the account is gone. */
const FOREIGN_KEY_VIOLATION = '23503'

export interface EmailPreferencesServiceDeps {
  db: Database
  /** Every process of the store must share it, or a link one process wrote fails in another. */
  authSecret: string
  /** The store's public origin, which the unsubscribe link opens. */
  publicUrl: string
}

export function createEmailPreferencesService({ db, authSecret, publicUrl }: EmailPreferencesServiceDeps) {
  // A key of its own: a MAC made for an unsubscribe link can never pass for an order link, a download link or a session.
  // The token names an account id as text (not a row's 16 bytes).
  const tokens = createSignedTextTokens(authSecret, 'email-preferences/cart-reminders')

  /** The account a token names, or null for one this store did not sign (malformed, altered or signed with another secret). */
  function userIdOf(token: string): string | null {
    const dot = token.indexOf('.')
    // A link sent before: the same token with a dot before its MAC.
    if (dot !== -1 && dot !== token.length - LEGACY_MAC_CHARS - 1) return null
    return tokens.textOf(dot === -1 ? token : `${token.slice(0, dot)}${token.slice(dot + 1)}`) || null
  }

  async function save(userId: string, changes: EmailPreferencesChanges): Promise<EmailPreferences> {
    const [row] = await db
      .insert(emailPreferences)
      .values({ userId, cartReminders: changes.cartReminders })
      .onConflictDoUpdate({ target: emailPreferences.userId, set: { cartReminders: changes.cartReminders, updatedAt: sql`now()` } })
      .returning({ cartReminders: emailPreferences.cartReminders })
    return { cartReminders: row!.cartReminders }
  }

  return {
    async get(userId: string): Promise<EmailPreferences> {
      const [row] = await db.select({ cartReminders: emailPreferences.cartReminders }).from(emailPreferences).where(eq(emailPreferences.userId, userId))
      return row ? { cartReminders: row.cartReminders } : { ...DEFAULT_EMAIL_PREFERENCES }
    },

    /** Saves the signed-in shopper's choice (the first save writes their row). */
    update: save,

    /** Which of these accounts turned cart reminders off. */
    async cartReminderOptOuts(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set()
      const rows = await db
        .select({ userId: emailPreferences.userId })
        .from(emailPreferences)
        .where(and(inArray(emailPreferences.userId, [...userIds]), eq(emailPreferences.cartReminders, false)))
      return new Set(rows.map((row) => row.userId))
    },

    /** The absolute address a cart reminder's unsubscribe link (and its List-Unsubscribe header) opens. */
    cartRemindersUnsubscribeUrl(userId: string): string {
      return `${publicUrl}${cartRemindersUnsubscribePath(tokens.tokenOf(userId))}`
    },

    /**
     * Turns cart reminders off for the account the token names; false for a token this store did
     * not sign. Opening the link twice is fine, and an account deleted since has none to turn off.
     */
    async unsubscribeFromCartReminders(token: string): Promise<boolean> {
      const userId = userIdOf(token)
      if (!userId) return false
      try {
        await save(userId, { cartReminders: false })
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error
      }
      return true
    },
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true
  }
  return false
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferencesService>
