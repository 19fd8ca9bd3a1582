/**
 * The signed link in every "update available" email that turns such emails off without signing
 * in: a guest who bought has no profile to untick. The token is the buyer's address with its MAC
 * (signed-tokens.ts), so it proves itself in every process of the store. An address with a
 * confirmed account turns the account's own setting off (the one its profile shows); any other
 * address is kept in product_update_opt_outs, which file updates ask before they email.
 */
import { inArray } from 'drizzle-orm'
import { productUpdatesUnsubscribePath } from '../../shared/contract/email-preferences.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { createSignedTextTokens } from '../http/signed-tokens.ts'
import { productUpdateOptOuts } from './marketing.schema.ts'

export interface ProductUpdateEmailsServiceDeps {
  db: Database
  /** Every process of the store must share it, or a link one process wrote fails in another. */
  authSecret: string
  /** The store's public origin, which the unsubscribe link opens. */
  publicUrl: string
  accounts: Pick<ProfileService, 'confirmedAccountIdByEmail' | 'update'>
}

export function createProductUpdateEmailsService({ db, authSecret, publicUrl, accounts }: ProductUpdateEmailsServiceDeps) {
  const tokens = createSignedTextTokens(authSecret, 'email-preferences/product-updates')

  return {
    /** The absolute address an update email's unsubscribe link (and its List-Unsubscribe header) opens. */
    unsubscribeUrl(email: string): string {
      return `${publicUrl}${productUpdatesUnsubscribePath(tokens.tokenOf(email.trim().toLowerCase()))}`
    },

    /** Which of these (lower-cased) addresses without an account turned update emails off, read in the caller's transaction. */
    async optedOutAddresses(tx: Executor, emails: readonly string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set()
      const rows = await tx
        .select({ email: productUpdateOptOuts.email })
        .from(productUpdateOptOuts)
        .where(inArray(productUpdateOptOuts.email, [...emails]))
      return new Set(rows.map((row) => row.email))
    },

    /** Turns update emails off for the address the token names; false for a token this store did not sign. Twice is the same as once. */
    async unsubscribe(token: string): Promise<boolean> {
      const email = tokens.textOf(token)
      if (!email) return false
      const accountId = await accounts.confirmedAccountIdByEmail(email)
      if (accountId) await accounts.update(accountId, { product_update_emails: false })
      else await db.insert(productUpdateOptOuts).values({ email }).onConflictDoNothing()
      return true
    },
  }
}

export type ProductUpdateEmailsService = ReturnType<typeof createProductUpdateEmailsService>
