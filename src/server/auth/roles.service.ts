/**
 * The admin role of accounts, given and taken only here: by an admin in the owner console, by the
 * owner CLI, and by ADMIN_EMAILS at sign-in. Each change sets `user.admin_since` (now on a grant,
 * null on a revoke) and writes its audit entry in the same transaction, so no role changes
 * without a record. Better Auth's own admin endpoints are not mounted (auth.ts): nothing else
 * writes `user.role`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ADMIN_ROLE_MESSAGES } from '../../shared/contract/admin-admins.ts'
import type { AuditActor, AuditService } from '../admin/audit.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import { user } from './auth.schema.ts'

/** The role of the shop owner's accounts: they reach /admin and /api/admin. */
export const ADMIN_ROLE = 'admin'
/** The role of every other account (a shopper). */
export const SHOPPER_ROLE = 'user'

/** Who the audit log names for a grant made by the ADMIN_EMAILS setting at sign-in. */
export const ADMIN_EMAILS_ACTOR: AuditActor = { id: null, email: 'ADMIN_EMAILS' }

export interface AdminAccountRow {
  userId: string
  email: string
  name: string
  adminSince: Date | null
}

export interface RoleChange extends AdminAccountRow {
  before: string | null
  after: string
}

/** The account a revoke names: the console by id, the CLI by email. */
export type AccountRef = { userId: string } | { email: string }

export interface RolesDeps {
  db: Database
  audit: Pick<AuditService, 'record'>
}

const conflict = (code: string, message: string) => new AppError(409, code, message)
const normalised = (email: string) => email.trim().toLowerCase()
const accountColumns = { userId: user.id, email: user.email, name: user.name, adminSince: user.adminSince, role: user.role, emailVerified: user.emailVerified }

export function createRolesService({ db, audit }: RolesDeps) {
  /** Reads and locks the account, so a concurrent change of it waits for this one. */
  async function lockAccount(tx: Executor, ref: AccountRef) {
    const where = 'userId' in ref ? eq(user.id, ref.userId) : eq(sql`lower(${user.email})`, normalised(ref.email))
    const [account] = await tx.select(accountColumns).from(user).where(where).for('update')
    return account
  }

  async function change(
    tx: Executor,
    account: { userId: string; email: string; name: string; role: string | null },
    after: string,
    actor: AuditActor,
  ): Promise<RoleChange> {
    const adminSince = after === ADMIN_ROLE ? new Date() : null
    await tx.update(user).set({ role: after, adminSince }).where(eq(user.id, account.userId))
    await audit.record(tx, {
      actor,
      action: after === ADMIN_ROLE ? 'user.grant_admin' : 'user.revoke_admin',
      subject: { type: 'user', id: account.userId },
      before: { role: account.role },
      after: { role: after },
    })
    return { userId: account.userId, email: account.email, name: account.name, adminSince, before: account.role, after }
  }

  return {
    /** Every admin, the longest-standing first. */
    async listAdmins(): Promise<AdminAccountRow[]> {
      return db
        .select({ userId: user.id, email: user.email, name: user.name, adminSince: user.adminSince })
        .from(user)
        .where(eq(user.role, ADMIN_ROLE))
        .orderBy(sql`${user.adminSince} asc nulls first`, asc(user.email))
    },

    /** Makes the account with this email (any case) an admin: it must exist, have confirmed its email and not be one already. */
    async grantAdmin(email: string, actor: AuditActor): Promise<RoleChange> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, { email })
        if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND', ADMIN_ROLE_MESSAGES.noAccount(email.trim()))
        if (!account.emailVerified) throw conflict('EMAIL_NOT_CONFIRMED', ADMIN_ROLE_MESSAGES.unconfirmed(account.email))
        if (account.role === ADMIN_ROLE) throw conflict('ALREADY_ADMIN', ADMIN_ROLE_MESSAGES.alreadyAdmin(account.email))
        return change(tx, account, ADMIN_ROLE, actor)
      })
    },

    /**
     * Makes an admin a shopper again. No one takes their own role (another admin must), and the
     * last admin keeps it, or no one could run the store from the console.
     */
    async revokeAdmin(ref: AccountRef, actor: AuditActor): Promise<RoleChange> {
      return db.transaction(async (tx) => {
        // Every admin row locked, in one order: two admins revoking each other at once cannot both pass the count.
        const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, ADMIN_ROLE)).orderBy(asc(user.id)).for('update')
        const account = await lockAccount(tx, ref)
        if (!account)
          throw 'userId' in ref
            ? notFound(ADMIN_ROLE_MESSAGES.adminNotFound)
            : new AppError(404, 'ACCOUNT_NOT_FOUND', ADMIN_ROLE_MESSAGES.noAccount(ref.email.trim()))
        if (account.role !== ADMIN_ROLE) throw conflict('NOT_ADMIN', ADMIN_ROLE_MESSAGES.notAdmin(account.email))
        if (actor.id !== null && actor.id === account.userId) throw conflict('OWN_ADMIN_ROLE', ADMIN_ROLE_MESSAGES.ownRole)
        if (admins.length <= 1) throw conflict('LAST_ADMIN', ADMIN_ROLE_MESSAGES.lastAdmin)
        return change(tx, account, SHOPPER_ROLE, actor)
      })
    },

    /**
     * ADMIN_EMAILS at sign-in: the account becomes an admin if its email is listed and confirmed
     * and it is not one already; recorded with the setting as the actor. Answers whether it did.
     */
    async grantFromAdminEmails(userId: string, adminEmails: readonly string[]): Promise<boolean> {
      if (adminEmails.length === 0) return false
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select(accountColumns)
          .from(user)
          .where(
            and(
              eq(user.id, userId),
              eq(user.emailVerified, true),
              inArray(sql`lower(${user.email})`, [...adminEmails]),
              sql`${user.role} is distinct from ${ADMIN_ROLE}`,
            ),
          )
          .for('update')
        if (!account) return false
        await change(tx, account, ADMIN_ROLE, ADMIN_EMAILS_ACTOR)
        return true
      })
    },
  }
}

export type RolesService = ReturnType<typeof createRolesService>
