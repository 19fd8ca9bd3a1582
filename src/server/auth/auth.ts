/**
 * Better Auth on our database: email and password with confirmation required before sign-in,
 * reset by emailed link, sessions stored in the database (no cookie cache, so signing out ends
 * a session for good), optional TOTP two-factor sign-in, cookies named `als.*` (in production
 * `__Host-als.*`, Secure). The role (`admin` for the shop owner) is a plain user field no request
 * can set; it changes only through roles.service.ts (the owner console, the owner CLI and
 * ADMIN_EMAILS at sign-in, each recorded in the audit log). Better Auth's admin plugin is not
 * mounted: its endpoints (set-role, impersonate-user, create-user, ban-user, …) would change
 * roles, accounts and sessions past the audit log, so /api/auth/admin/* answers 404. Once an
 * address is confirmed, the paid orders a guest placed with it join the account.
 */
import { betterAuth } from 'better-auth'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { twoFactor } from 'better-auth/plugins'
import { AUTH_BASE_PATH } from '../../shared/contract/auth.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { account, session, twoFactor as twoFactorTable, user, verification } from './auth.schema.ts'
import { STORE_NAME, type Mailer } from '../email/mailer.ts'
import { trustedOriginsFor } from '../http/origin-guard.ts'
import { confirmationEmail, existingAccountEmail, passwordResetEmail } from './auth-emails.ts'
import { confirmationLink, confirmationLinkGuard, passwordResetLink } from './auth-links.ts'
import { SHOPPER_ROLE, type RolesService } from './roles.service.ts'

export const PASSWORD_MIN_LENGTH = 6
const HOUR = 60 * 60

export interface AuthDeps {
  config: Pick<AppConfig, 'publicUrl' | 'authSecret' | 'production' | 'devMode' | 'adminEmails'>
  db: Database
  mailer: Mailer
  /** Gives the admin role to ADMIN_EMAILS accounts at sign-in, with its audit entry. */
  roles: Pick<RolesService, 'grantFromAdminEmails'>
  /**
   * Gives a confirmed account the paid guest orders of its address (on confirmation, and again at
   * each sign-in), answering the ids of the orders that joined it. Orders' guest-orders.service.ts
   * is the one that does; declared here by its shape, since orders reads accounts and accounts
   * never import orders.
   */
  guestOrders: { claimGuestOrders(userId: string, email: string): Promise<string[]> }
  /** Where Better Auth's own log lines go (the app's logger). */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>
}

export function createAuth({ config, db, mailer, roles, guestOrders, log }: AuthDeps) {
  const { publicUrl } = config

  /**
   * The account's paid guest orders join it. A failure never fails the confirmation or the
   * sign-in it rides on: it is logged, and the next sign-in tries again.
   */
  async function claimGuestOrders(userId: string, email: string): Promise<void> {
    try {
      const claimed = await guestOrders.claimGuestOrders(userId, email)
      if (claimed.length > 0) log?.info({ userId, orderIds: claimed }, 'guest orders joined the account')
    } catch (error) {
      log?.error({ err: error, userId }, 'could not join the guest orders of the account')
    }
  }

  const originPolicy = { publicUrl, trustRequestHost: config.devMode }
  return betterAuth({
    appName: STORE_NAME,
    logger: log ? { level: 'warn', log: (level, message, ...args) => log[level](args.length > 0 ? { args } : {}, `[auth] ${message}`) } : { disabled: true },
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: config.devMode ? (request) => trustedOriginsFor(originPolicy, request?.headers.get('host') ?? undefined) : [publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor: twoFactorTable } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      // Our links, whatever redirect the client asked for: the landing pages are fixed. Better Auth
      // writes its token in its own statement, so the email is queued right after it (durable, retried).
      sendResetPassword: async ({ user: account, token }) => {
        await mailer.send(passwordResetEmail(account.email, account.name, passwordResetLink(publicUrl, token)))
      },
      onExistingUserSignUp: async ({ user: account }) => {
        await mailer.send(existingAccountEmail(account.email, account.name, { signIn: `${publicUrl}/login`, resetPassword: `${publicUrl}/reset-password` }))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * HOUR,
      sendVerificationEmail: async ({ user: account, token }) => {
        await mailer.send(confirmationEmail(account.email, account.name, confirmationLink(publicUrl, token)))
      },
      // The address is the account's now: what a guest bought with it becomes the account's.
      afterEmailVerification: async (account) => {
        if (account.emailVerified) await claimGuestOrders(account.id, account.email)
      },
    },
    // Refresh the stored expiry at most daily; every request reads the session row (no cookie cache).
    session: { expiresIn: 7 * 24 * HOUR, updateAge: 24 * HOUR },
    // Our limits (src/server/auth/auth-rate-limits.ts) apply everywhere; Better Auth's stay as a
    // second layer in production only, as it ships them.
    rateLimit: { enabled: config.production },
    hooks: { before: confirmationLinkGuard(publicUrl) },
    // Read by the session guard (session.ts) on every request; `input: false` refuses it at sign-up and in update-user.
    user: { additionalFields: { role: { type: 'string', required: false, input: false, defaultValue: SHOPPER_ROLE } } },
    plugins: [twoFactor({ issuer: STORE_NAME })],
    databaseHooks: {
      session: {
        create: {
          // A listed ADMIN_EMAILS account becomes an admin at sign-in once its email is confirmed (again after a
          // revoke, while the setting still lists it), recorded in the audit log.
          before: async (session) => {
            await roles.grantFromAdminEmails(session.userId, config.adminEmails)
            // Catches what a confirmation's claim missed (it failed, or a guest paid since): the partial index keeps it cheap.
            const [account] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, session.userId))
            if (account?.emailVerified) await claimGuestOrders(session.userId, account.email)
          },
        },
      },
    },
    advanced: {
      // Better Auth skips its origin and callback-URL checks when NODE_ENV=test: keep them on so tests see the real thing.
      disableOriginCheck: false,
      // __Host- cookies: Secure, Path=/, no Domain, so no sibling subdomain can set or read them.
      cookiePrefix: config.production ? '__Host-als' : 'als',
      useSecureCookies: false,
      defaultCookieAttributes: { secure: config.production, httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
