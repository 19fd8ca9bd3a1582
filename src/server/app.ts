/**
 * Builds the Fastify app: zod validation and serialisation, security headers, OpenAPI docs,
 * the error shape, and one plugin per capability. main.ts listens; tests inject.
 */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { catalogRoutes } from './catalog/catalog.routes.ts'
import { createCatalogService } from './catalog/catalog.service.ts'
import { cartRoutes } from './cart/cart.routes.ts'
import { createCartService } from './cart/cart.service.ts'
import { promoRoutes } from './cart/promo.routes.ts'
import { createPromoService } from './cart/promo.service.ts'
import type { AppConfig } from './config.ts'
import type { DatabaseHandle } from './db/client.ts'
import { createMailer, type Mailer } from './email/mailer.ts'
import { registerAccounts } from './auth/accounts.ts'
import { registerCheckout } from './checkout/register-checkout.ts'
import { registerDownloads } from './downloads/register-downloads.ts'
import { requireUser } from './auth/session.ts'
import { registerClientApp } from './http/client-app.ts'
import { installErrorHandler } from './http/errors.ts'
import { installOriginGuard } from './http/origin-guard.ts'
import { installRateLimiter } from './http/rate-limit.ts'
import { installSecurityHeaders } from './http/security.ts'
import { emailSignupRoutes } from './marketing/email-signup.routes.ts'
import { createEmailSignupService } from './marketing/email-signup.service.ts'
import { registerMediaRoutes } from './media/media.routes.ts'
import { registerPayments } from './payments/register-payments.ts'
import { createLocalFileStorage } from './storage/local-file-storage.ts'
import { CLIENT_DIST_DIR, dataPaths } from './paths.ts'
import { supportRoutes } from './support/support.routes.ts'
import { createSupportService } from './support/support.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's generic 500 text for this route ("Failed to fetch products", ...). */
    failureMessage?: string
  }
  interface FastifyInstance {
    /** The store's mail: SMTP or the DATA_DIR outbox. */
    mailer: Mailer
  }
}

export interface AppDeps {
  config: AppConfig
  database: DatabaseHandle
  /** Built client to serve; tests leave it out. */
  clientDir?: string | null
  logger?: boolean
}

export async function buildApp({ config, database, clientDir = CLIENT_DIST_DIR, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Only configured proxies may set the client address, or X-Forwarded-For would dodge per-IP limits.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Several processes may serve one store: request ids must not collide across them.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  await installSecurityHeaders(app, { production: config.production, stripe: Boolean(config.stripe) })
  installOriginGuard(app, { publicUrl: config.publicUrl, trustRequestHost: config.devMode })
  installRateLimiter(app, { redisUrl: config.redisUrl })

  await app.register(swagger, {
    openapi: {
      info: { title: 'Audio Lab Store API', description: 'Catalog, cart, checkout, orders and downloads of ALS.', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await database.db.execute(sql`select 1`)
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: database.kind })
  })

  const paths = dataPaths(config.dataDir)
  app.decorate('mailer', createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }))
  await registerAccounts(app, { config, db: database.db })
  await registerPayments(app, { config, db: database.db })
  await registerMediaRoutes(app, paths.media)
  await app.register(catalogRoutes(createCatalogService(database.db)))
  await app.register(promoRoutes({ promo: createPromoService(database.db), limiter: app.rateLimiter }))
  await app.register(cartRoutes({ cart: createCartService(database.db), requireUser }))
  await registerCheckout(app, { config, db: database.db })
  await registerDownloads(app, { config, db: database.db, storage: createLocalFileStorage(paths.files) })
  await app.register(emailSignupRoutes({ signups: createEmailSignupService(database.db), limiter: app.rateLimiter }))
  const support = createSupportService({ db: database.db, mailer: app.mailer, supportEmail: config.supportEmail })
  await app.register(supportRoutes({ support, limiter: app.rateLimiter }))
  if (clientDir !== null) await registerClientApp(app, clientDir, { storeMode: config.storeMode, devMode: config.devMode })
  else installApiNotFound(app)

  return app
}

function installApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }))
}

/** Believes the nearest `hops` proxies, as Express's numeric trust proxy does. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops
}
