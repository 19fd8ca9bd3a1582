/**
 * Wires the accounts capability into the app: Better Auth (decorated as `app.auth`, which
 * session.ts reads), its routes under /api/auth, the profile API and, in development, the
 * mailbox API.
 */
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { mailboxRoutes } from '../email/mailbox.routes.ts'
import { createAuth } from './auth.ts'
import { authRoutes } from './auth.routes.ts'
import { profileRoutes } from './profile.routes.ts'
import { createProfileService } from './profile.service.ts'

export async function registerAccounts(app: FastifyInstance, { config, db }: { config: AppConfig; db: Database }): Promise<void> {
  const auth = createAuth({ config, db, mailer: app.mailer, log: app.log })
  app.decorate('auth', auth)
  await app.register(authRoutes({ auth, limiter: app.rateLimiter, publicUrl: config.publicUrl }))
  await app.register(profileRoutes(createProfileService(db)))
  if (config.devMode) await app.register(mailboxRoutes(app.mailer))
}
