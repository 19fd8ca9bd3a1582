/**
 * The staff roles of accounts (admin, support), given and taken only here: by an admin in the
 * owner console, by the owner CLI, and (admin only) by ADMIN_EMAILS at sign-in. Each change sets
 * `user.admin_since` (now on a grant, the time the account got its staff role; null on a revoke)
 * and writes its audit entry in the same transaction, so no role changes without a record.
 * Better Auth's own admin endpoints are not mounted (auth.ts): nothing else writes `user.role`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ADMIN_ROLE_MESSAGES, type StaffRole } from '../../shared/contract/admin-admins.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type { AuditActor } from '../audit/audit.types.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import { user } from './auth.schema.ts'

/** The role of the shop owner's accounts: they reach /admin and /api/admin. */
export const ADMIN_ROLE = 'admin'
/** The role of support staff: they read orders and customers, resend receipts and add downloads (routes marked `config: { support: true }`). */
export const SUPPORT_ROLE = 'support'
/** The role of every other account (a shopper). */
export const SHOPPER_ROLE = 'user'

/** Who the audit log names for a grant made by the ADMIN_EMAILS setting at sign-in. */
export const ADMIN_EMAILS_ACTOR: AuditActor = { id: null, email: 'ADMIN_EMAILS' }

export interface StaffAccountRow {
  userId: string
  email: string
  name: string
  role: StaffRole
  adminSince: Date | null
}

export interface RoleChange {
  userId: string
  email: string
  name: string
  adminSince: Date | null
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
const STAFF: readonly string[] = [ADMIN_ROLE, SUPPORT_ROLE] satisfies StaffRole[]
const isStaff = (role: string | null): role is StaffRole => role !== null && STAFF.includes(role)

/** The audit action of a role change: the role granted, or the staff role taken back. */
function actionOf(before: string | null, after: string): string {
  if (after === ADMIN_ROLE) return 'user.grant_admin'
  if (after === SUPPORT_ROLE) return 'user.grant_support'
  return before === SUPPORT_ROLE ? 'user.revoke_support' : 'user.revoke_admin'
}
const normalised = (email: string) => email.trim().toLowerCase()
const accountColumns = { userId: user.id, email: user.email, name: user.name, adminSince: user.adminSince, role: user.role, emailVerified: user.emailVerified }

export function createRolesService({ db, audit }: RolesDeps) {
  /** Reads and locks the account, so a concurrent change of it waits for this one. */
  async function lockAccount(tx: Executor, ref: AccountRef) {
    const where = 'userId' in ref ? eq(user.id, ref.userId) : eq(sql`lower(${user.email})`, normalised(ref.email))
    const [account] = await tx.select(accountColumns).from(user).where(where).for('update')
    return account
  }

  /** Locks every admin row, in one order: two changes that each leave one admin fewer cannot both pass the count. */
  async function lockAdmins(tx: Executor) {
    return tx.select({ id: user.id }).from(user).where(eq(user.role, ADMIN_ROLE)).orderBy(asc(user.id)).for('update')
  }

  /** An admin keeps the role unless another admin takes it and someone else stays an admin. */
  function checkAdminMayLoseRole(account: { userId: string }, admins: unknown[], actor: AuditActor) {
    if (actor.id !== null && actor.id === account.userId) throw conflict('OWN_ADMIN_ROLE', ADMIN_ROLE_MESSAGES.ownRole)
    if (admins.length <= 1) throw conflict('LAST_ADMIN', ADMIN_ROLE_MESSAGES.lastAdmin)
  }

  async function change(
    tx: Executor,
    account: { userId: string; email: string; name: string; role: string | null },
    after: string,
    actor: AuditActor,
  ): Promise<RoleChange> {
    const adminSince = isStaff(after) ? new Date() : null
    await tx.update(user).set({ role: after, adminSince }).where(eq(user.id, account.userId))
    await audit.record(tx, {
      actor,
      action: actionOf(account.role, after),
      subject: { type: 'user', id: account.userId },
      before: { role: account.role },
      after: { role: after },
    })
    return { userId: account.userId, email: account.email, name: account.name, adminSince, before: account.role, after }
  }

  return {
    /** Every admin, then every support account, the longest-standing first. */
    async listStaff(): Promise<StaffAccountRow[]> {
      const rows = await db
        .select({ userId: user.id, email: user.email, name: user.name, role: user.role, adminSince: user.adminSince })
        .from(user)
        .where(inArray(user.role, [...STAFF]))
        .orderBy(sql`${user.role} = ${ADMIN_ROLE} desc`, sql`${user.adminSince} asc nulls first`, asc(user.email))
      return rows.flatMap(({ role, ...row }) => (isStaff(role) ? [{ ...row, role }] : []))
    },

    /**
     * Gives the account with this email (any case) a staff role: it must exist, have confirmed its
     * email and not hold that role already. Making an admin support staff takes their admin role,
     * under the same rules as a revoke (not your own, never the last admin's).
     */
    async grantRole(email: string, role: StaffRole, actor: AuditActor): Promise<RoleChange> {
      return db.transaction(async (tx) => {
        const admins = role === SUPPORT_ROLE ? await lockAdmins(tx) : []
        const account = await lockAccount(tx, { email })
        if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND', ADMIN_ROLE_MESSAGES.noAccount(email.trim()))
        if (!account.emailVerified) throw conflict('EMAIL_NOT_CONFIRMED', ADMIN_ROLE_MESSAGES.unconfirmed(account.email))
        if (account.role === ADMIN_ROLE && role === ADMIN_ROLE) throw conflict('ALREADY_ADMIN', ADMIN_ROLE_MESSAGES.alreadyAdmin(account.email))
        if (account.role === SUPPORT_ROLE && role === SUPPORT_ROLE) throw conflict('ALREADY_SUPPORT', ADMIN_ROLE_MESSAGES.alreadySupport(account.email))
        if (account.role === ADMIN_ROLE) checkAdminMayLoseRole(account, admins, actor)
        return change(tx, account, role, actor)
      })
    },

    /**
     * Makes an admin or a support account a shopper again. No admin takes their own role (another
     * admin must), and the last admin keeps it, or no one could run the store from the console.
     */
    async revokeRole(ref: AccountRef, actor: AuditActor): Promise<RoleChange> {
      return db.transaction(async (tx) => {
        const admins = await lockAdmins(tx)
        const account = await lockAccount(tx, ref)
        if (!account)
          throw 'userId' in ref
            ? notFound(ADMIN_ROLE_MESSAGES.adminNotFound)
            : new AppError(404, 'ACCOUNT_NOT_FOUND', ADMIN_ROLE_MESSAGES.noAccount(ref.email.trim()))
        if (!isStaff(account.role)) throw conflict('NOT_STAFF', ADMIN_ROLE_MESSAGES.notStaff(account.email))
        if (account.role === ADMIN_ROLE) checkAdminMayLoseRole(account, admins, actor)
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
