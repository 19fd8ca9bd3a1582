/**
 * Builds the Fastify app: zod validation and serialisation, security headers, OpenAPI docs,
 * the error shape, and one plugin per capability. main.ts listens; tests inject.
 */
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { DOWNLOAD_URL_TTL_SECONDS } from '../shared/contract/downloads.ts'
import { adminAdminsRoutes } from './admin/admin-admins.routes.ts'
import { adminAuditRoutes } from './admin/admin-audit.routes.ts'
import { adminBundlesRoutes } from './admin/admin-bundles.routes.ts'
import { adminCategoriesRoutes } from './admin/admin-categories.routes.ts'
import { adminCustomersRoutes } from './admin/admin-customers.routes.ts'
import { adminExportsRoutes } from './admin/admin-exports.routes.ts'
import { adminOrdersRoutes } from './admin/admin-orders.routes.ts'
import { adminPromoCodesRoutes } from './admin/admin-promo-codes.routes.ts'
import { adminProductFileVersionsRoutes } from './admin/admin-product-file-versions.routes.ts'
import { adminProductMediaRoutes } from './admin/admin-product-media.routes.ts'
import { adminProductsRoutes } from './admin/admin-products.routes.ts'
import { adminReportsRoutes } from './admin/admin-reports.routes.ts'
import { analyticsRoutes } from './analytics/analytics.routes.ts'
import { createAnalyticsService } from './analytics/analytics.service.ts'
import { adminSalesRoutes } from './admin/admin-sales.routes.ts'
import { adminSettingsRoutes } from './admin/admin-settings.routes.ts'
import { adminSubscribersRoutes } from './admin/admin-subscribers.routes.ts'
import { adminTaxDocumentsRoutes } from './admin/admin-tax-documents.routes.ts'
import { adminTaxReportRoutes } from './admin/admin-tax-report.routes.ts'
import { adminTaxRoutes } from './admin/admin-tax.routes.ts'
import { adminLicenceKeysRoutes } from './admin/admin-licence-keys.routes.ts'
import { adminRoutes } from './admin/admin.routes.ts'
import { createAuditService } from './audit/audit.service.ts'
import { loadAuthOnce } from './auth/auth-loader.ts'
import { authReferenceOptions } from './auth/auth-openapi.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { apiDocs } from './http/api-docs.ts'
import { profileRoutes } from './auth/profile.routes.ts'
import { createRolesService } from './auth/roles.service.ts'
import { createCustomerAccountsService } from './auth/customer-accounts.service.ts'
import { createProfileService } from './auth/profile.service.ts'
import { requireUser } from './auth/session.ts'
import { cartRemindersJob, createCartReminders } from './cart/cart-reminders.ts'
import { cartRemindersDevRoutes } from './cart/cart-reminders.routes.ts'
import { cartRoutes } from './cart/cart.routes.ts'
import { createCartService } from './cart/cart.service.ts'
import { sendCached } from './catalog/cached-answer.ts'
import { CATALOG_CHANNEL, createCatalogCache } from './catalog/catalog-cache.ts'
import { bundleItemsRoutes } from './catalog/bundle-items.routes.ts'
import { catalogRoutes } from './catalog/catalog.routes.ts'
import { createCatalogService } from './catalog/catalog.service.ts'
import { mediaRoutes } from './catalog/media.routes.ts'
import { createCatalogIndex } from './search/memory/catalog-index.ts'
import { createSqlSearch } from './search/sql/sql-search.ts'
import { checkoutRoutes } from './checkout/checkout.routes.ts'
import { createCheckoutService } from './checkout/checkout.service.ts'
import type { AppConfig } from './config.ts'
import type { DatabaseHandle } from './db/client.ts'
import { attachmentDisposition } from './downloads/content-disposition.ts'
import { downloadFileRoutes } from './downloads/download-file.routes.ts'
import { downloadsRoutes } from './downloads/downloads.routes.ts'
import { assignGuestDownloads, createDownloadsService, createDownloadLinkSigner } from './downloads/downloads.service.ts'
import { purchasesRoutes } from './downloads/purchases.routes.ts'
import { createPurchasesService } from './downloads/purchases.service.ts'
import { mailboxRoutes } from './email/mailbox.routes.ts'
import { createMailer, type Mailer } from './email/mailer.ts'
import { installErrorHandler } from './http/errors.ts'
import { lastJobRuns, type PeriodicJob } from './jobs/periodic-job.ts'
import { REDACTED_LOG_PATHS, serializeRequest } from './http/log-redaction.ts'
import { installOriginGuard } from './http/origin-guard.ts'
import { installRateLimiter } from './http/rate-limit.ts'
import { OneLinePerRequest } from './http/request-log.ts'
import { installSecurityHeaders } from './http/security.ts'
import { installTextGuard } from './http/text-guard.ts'
import { shopperValidatorCompiler } from './http/validation.ts'
import { licenceKeysRoutes } from './licence-keys/licence-keys.routes.ts'
import { createLicenceKeysService } from './licence-keys/licence-keys.service.ts'
import { emailPreferencesRoutes } from './marketing/email-preferences.routes.ts'
import { createProductUpdateEmailsService } from './marketing/product-update-emails.service.ts'
import { createEmailPreferencesService } from './marketing/email-preferences.service.ts'
import { emailSignupRoutes } from './marketing/email-signup.routes.ts'
import { createEmailSignupService } from './marketing/email-signup.service.ts'
import { freeProductRoutes } from './marketing/free-products.routes.ts'
import { createFreeProductsService } from './marketing/free-products.service.ts'
import { createSubscribersService } from './marketing/subscribers.service.ts'
import { createAfterSaleService } from './orders/after-sale.service.ts'
import { createBundleOffers } from './orders/bundle-offers.service.ts'
import { bundleOfferRoutes } from './orders/bundle-offer.routes.ts'
import { createBuyerOrdersService } from './orders/buyer-orders.service.ts'
import { createCheckoutClaimsService } from './orders/checkout-claims.service.ts'
import { createCustomersService } from './orders/customers.service.ts'
import { createFileUpdatesService } from './orders/file-updates.service.ts'
import { createFreeOrdersService } from './orders/free-orders.service.ts'
import { createFulfilmentService } from './orders/fulfilment.service.ts'
import { paidOrderFulfilment } from './flows/fulfil-paid-order.ts'
import { createGuestOrdersService } from './orders/guest-orders.service.ts'
import { licenceRoutes } from './orders/licence.routes.ts'
import { orderAccessRoutes } from './orders/order-access.routes.ts'
import { createOrderAccessService } from './orders/order-access.service.ts'
import { createOrderLinksService } from './orders/order-links.service.ts'
import { createOrderAdminService } from './orders/order-admin.service.ts'
import { createOrderExportsService } from './orders/order-exports.service.ts'
import { createOrderReportsService } from './orders/order-reports.service.ts'
import { orderRoutes } from './orders/orders.routes.ts'
import { paymentWebhookRoutes } from './orders/payment-webhook.routes.ts'
import { createPendingOrdersService } from './orders/pending-orders.service.ts'
import { builtinDevRoutes } from './payments/builtin/builtin-dev.routes.ts'
import { builtinPayRoutes } from './payments/builtin/builtin-pay.routes.ts'
import { paymentsRoutes } from './payments/payments.routes.ts'
import { isBuiltinProvider } from './payments/builtin/builtin-provider.ts'
import { createPaymentProvider } from './payments/create-provider.ts'
import type { PaymentProvider } from './payments/provider.ts'
import { CLIENT_DIST_DIR, dataPaths } from './paths.ts'
import { promoRoutes } from './promo/promo.routes.ts'
import { createPromoService } from './promo/promo.service.ts'
import { createStorages, type StoreStorages } from './storage/storages.ts'
import { registerClientApp } from './storefront/client-app.ts'
import { createPageMeta, renderHeadTags } from './storefront/page-meta.ts'
import { importBuiltRenderer, lazyPageRenderer, type CreatePageRenderer } from './storefront/page-renderer.ts'
import { sitemapRoutes } from './storefront/sitemap.routes.ts'
import { createUploads } from './uploads/uploads.service.ts'
import { settingsRoutes } from './settings/settings.routes.ts'
import { createSettingsService } from './settings/settings.service.ts'
import { supportRoutes } from './support/support.routes.ts'
import { createSupportService } from './support/support.service.ts'
import { taxDocumentRoutes } from './tax/tax-documents.routes.ts'
import { createTaxDocumentsService } from './tax/tax-documents.service.ts'
import { createTaxReportService } from './tax/tax-report.service.ts'
import { adminHealthRoutes } from './admin/admin-health.routes.ts'
import { outboxState } from './email/outbox-health.ts'
import { webhookDeliveryState } from './payments/builtin/webhook-health.ts'
import { taxRoutes } from './tax/tax.routes.ts'
import { createTaxService } from './tax/tax.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The generic 500 text of this route ("Failed to fetch products", ...). */
    failureMessage?: string
  }
  interface FastifyInstance {
    /** The store's mail: the outbox, delivered by SMTP or into the developer mailbox. */
    mailer: Mailer
    /** The payment provider (Stripe or the built-in test provider), chosen by configuration. */
    payments: PaymentProvider
    /** Work one process of the fleet does each period (main.ts starts them; tests run them by hand). */
    periodicJobs: PeriodicJob[]
  }
}

/**
 * Every route validates and serialises with zod: handed to Fastify as its compilers' factories,
 * so it does not load its own (ajv and fast-json-stringify, typed for JSON schemas, hence the cast).
 */
const ZOD_COMPILERS = { buildValidator: () => shopperValidatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory']

export interface AppDeps {
  config: AppConfig
  database: DatabaseHandle
  /** Built client to serve; tests leave it out. */
  clientDir?: string | null
  /** The storefront's server renderer; the built one beside the client (dist/ssr) when absent. */
  createPageRenderer?: CreatePageRenderer | null
  logger?: boolean
  /** Where the log goes (standard output when absent); tests read it. */
  logStream?: { write: (line: string) => void }
  /** Product files and media, when the caller made them already (main.ts seeds into them); else made from the configuration. */
  storages?: StoreStorages
}

export async function buildApp({
  config,
  database,
  clientDir = CLIENT_DIST_DIR,
  createPageRenderer,
  logger = true,
  logStream,
  storages,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { req: serializeRequest },
          redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    logController: new OneLinePerRequest(),
    // Only configured proxies may set the client address, or X-Forwarded-For would dodge per-IP limits.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestIds(),
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(shopperValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  installSecurityHeaders(app, {
    production: config.production,
    stripe: Boolean(config.stripe),
    mediaOrigin: config.mediaBaseUrl && new URL(config.mediaBaseUrl).origin,
  })
  installOriginGuard(app, { publicUrl: config.publicUrl, trustRequestHost: config.devMode })
  installTextGuard(app)
  installRateLimiter(app, { redisUrl: config.redisUrl })
  // Answers over 1 KB in brotli or gzip, as the client accepts; the catalog's cached answers come
  // already compressed, and ranged or binary downloads are left as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // Text only: product files (octet-stream, zip, audio) must reach the buyer byte for byte, with their length.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/javascript/,
  })
  // An API answer is personal unless its route says otherwise (the catalog's public answers do):
  // no browser or CDN may keep one that did not opt in.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
    done(null, payload)
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Audio Lab Store API',
        description: 'Accounts, catalog, cart, checkout, orders, downloads and the owner console of ALS.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  })

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await database.db.execute(sql`select 1`)
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: database.kind })
  })

  // Each capability's service, wired to the services it calls.
  const { db } = database
  const { publicUrl } = config
  const paths = dataPaths(config.dataDir)
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl })
  const audit = createAuditService(db)
  const roles = createRolesService({ db, audit })
  const profiles = createProfileService(db)
  // A confirmed address brings its paid guest orders into the account: on confirmation, at sign-in and when paid.
  const guestOrders = createGuestOrdersService({ db, audit, accounts: profiles, downloads: { assignGuestDownloads } })
  const auth = loadAuthOnce({ config, db, mailer, roles, guestOrders, log: app.log })
  // The API reference, /api/docs: the store's routes, and Better Auth's once the document is first asked for (not at start-up).
  await app.register(apiDocs(authReferenceOptions(auth, app.log)))
  const provider = createPaymentProvider({ config, db, publicUrl })
  if (provider.kind === 'stripe' && !config.stripe?.webhookSecret) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: every payment webhook will be refused and orders complete only from the success page')
  }
  app.decorate('mailer', mailer)
  app.decorate('auth', auth)
  app.decorate('payments', provider)
  // Read at call time, so a test can swap the provider on a built app.
  const payments = (): PaymentProvider => app.payments
  const { files: storage, media: mediaStorage } = storages ?? createStorages(config.storage, config.dataDir, attachmentDisposition)
  // Lists, facets and suggestions (src/server/search): from an index of the catalog in this process, read again after every
  // catalog change (joined to the cache below), or SQL on every request (CATALOG_SEARCH=sql).
  const catalogIndex =
    config.catalogSearch === 'memory'
      ? createCatalogIndex(db, {
          mediaBaseUrl: config.mediaBaseUrl,
          onBuilt: (built) => app.log.info({ catalogIndex: built }, 'catalog index read'),
          onError: (error) => app.log.error({ err: error }, 'catalog index could not be read'),
        })
      : null
  const catalog = createCatalogService(
    db,
    { files: storage, media: mediaStorage, maxFileBytes: config.maxUploadBytes },
    { mediaBaseUrl: config.mediaBaseUrl, search: catalogIndex ?? createSqlSearch(db, { mediaBaseUrl: config.mediaBaseUrl }) },
  )
  const cart = createCartService({ db, catalog })
  // The catalog names what a limited code applies to ("SPRING applies to Drum Kits only").
  const promo = createPromoService(db, catalog)
  // Orders, one service per meaning: checkout's pending orders, fulfilment and its receipts,
  // refunds and disputes, the buyer's views, the owner's views and reports, file updates.
  // Licence keys: each product's key policy and serial pool, the keys orders hand out, the activation API.
  // Read at call time: pending orders are wired with licence keys, just below, and private order links after them.
  const licenceKeys = createLicenceKeysService({
    db,
    catalog,
    mailer,
    publicUrl,
    buyersOf: (tx, orderIds) => pendingOrders.buyersOf(tx, orderIds),
    downloadLinksFor: (tx, list) => orderLinks.downloadLinksFor(tx, list),
  })
  const pendingOrders = createPendingOrdersService({ db, promo, catalog, licenceKeys })
  // Invoices when an order is paid, credit notes when a refund succeeds, each in that transaction.
  const taxDocuments = createTaxDocumentsService({ db, log: app.log })
  const afterSale = createAfterSaleService({ db, log: app.log, payments, catalog, taxDocuments, licenceKeys })
  // A guest's private order links: issued with the receipt, opened by their token, revoked by the owner.
  const storeSettings = createSettingsService({ db, supportEmail: config.supportEmail, changeChannel: CATALOG_CHANNEL })
  // Which private link each page and email hands out, one place for all (the owner's revocation stands for pages, not for emails to the order's address).
  const orderLinks = createOrderLinksService({ authSecret: config.authSecret, publicUrl })
  const orderAccess = createOrderAccessService({ db, orderLinks, authSecret: config.authSecret, catalog, mailer, publicUrl, settings: storeSettings })
  // The owner's tax settings and rates, the policy the tax rules read, VAT number checks and the IP address's country.
  const tax = createTaxService({ db, config: config.tax, stripeTaxAvailable: provider.kind === 'stripe', audit, changeChannel: CATALOG_CHANNEL, log: app.log })
  const orderFulfilment = createFulfilmentService({
    db,
    licenceSecret: config.authSecret,
    catalog,
    pendingOrders,
    mailer,
    publicUrl,
    log: app.log,
    payments,
    orderLinks,
    settings: storeSettings,
    taxDocuments,
    licenceKeys,
  })
  // Paying an order crosses capabilities (promo, tax documents, licence keys, the cart, guest orders, after-sale): the fulfil-paid-order flow.
  const paidOrders = paidOrderFulfilment({
    db,
    log: app.log,
    mailer,
    fulfilment: orderFulfilment,
    pendingOrders,
    promo,
    taxDocuments,
    licenceKeys,
    cart,
    guestOrders,
    afterSale,
  })
  const fulfilment = { ...orderFulfilment, ...paidOrders }
  const buyerOrders = createBuyerOrdersService({
    db,
    licenceSecret: config.authSecret,
    catalog,
    accounts: profiles,
    payments,
    fulfilment,
    orderLinks,
    taxDocuments,
  })
  // The browser that began a checkout, and only it, sees the order on the success page.
  const checkoutClaims = createCheckoutClaimsService({ authSecret: config.authSecret, secure: publicUrl.startsWith('https:') })
  const orderAdmin = createOrderAdminService(db)
  const orderReports = createOrderReportsService(db)
  const analytics = createAnalyticsService(db)
  // Every update email carries a link that turns them off without an account.
  const productUpdateEmails = createProductUpdateEmailsService({ db, authSecret: config.authSecret, publicUrl, accounts: profiles })
  const fileUpdates = createFileUpdatesService({ db, accounts: profiles, addresses: productUpdateEmails, mailer, orderLinks })
  const bundleOffers = createBundleOffers({ catalog, buyerOrders })
  // What a shopper lets the store email them, and the signed link in each reminder that turns reminders off.
  const emailPreferences = createEmailPreferencesService({ db, authSecret: config.authSecret, publicUrl })
  // A forgotten cart's one reminder, when the owner turns them on: a pass every 15 minutes.
  const cartReminders = createCartReminders({
    db,
    catalog,
    settings: storeSettings,
    preferences: emailPreferences,
    accounts: profiles,
    orders: buyerOrders,
    mailer,
    publicUrl,
  })
  app.decorate('periodicJobs', [cartRemindersJob(cartReminders)])
  const checkout = createCheckoutService({
    db,
    catalog,
    cart,
    promo,
    licenceKeys,
    pendingOrders,
    fulfilment,
    buyerOrders,
    bundles: bundleOffers,
    tax,
    payments,
    publicUrl,
    log: app.log,
  })
  const downloads = createDownloadsService({ db, orders: buyerOrders, catalog, storage, log: app.log })
  const links = createDownloadLinkSigner(config.authSecret, DOWNLOAD_URL_TTL_SECONDS)
  const purchases = createPurchasesService({ orders: buyerOrders, catalog })
  // News subscribers (each welcomed with an unsubscribe link) and free products for a confirmed email, made $0.00 orders.
  const signups = createEmailSignupService({ db, mailer, authSecret: config.authSecret, publicUrl, settings: storeSettings })
  const freeOrders = createFreeOrdersService({ guestOrders, orderLinks, licenceKeys })
  const freeProducts = createFreeProductsService({
    db,
    mailer,
    authSecret: config.authSecret,
    publicUrl,
    catalog,
    freeOrders,
    signups,
    settings: storeSettings,
  })
  const limiter = app.rateLimiter
  const catalogCache = createCatalogCache()
  // Timed sales: reloaded whenever the cache is cleared, and the cache expires at the next sale's start or end.
  const stopFollowingSales = catalog.saleSchedule.follow(catalogCache)
  app.addHook('onClose', async () => stopFollowingSales())
  const catalogChanges = await database.listen(CATALOG_CHANNEL, () => catalogCache.clear())
  if (catalogIndex) {
    const stopIndexing = catalogCache.onClear(() => catalogIndex.invalidate())
    // Read while the server starts listening: the first list need not wait for it.
    const firstRead = catalogIndex.ready()
    app.addHook('onClose', async () => {
      stopIndexing()
      await firstRead
    })
  }
  app.addHook('onClose', async () => catalogChanges.stop())
  // The owner's store texts show on every storefront page: a save clears every process's cached answers and pages, as a catalog change does.
  const uploads = createUploads({ directory: paths.uploads, maxFileBytes: config.maxUploadBytes, path: '/api/admin/uploads', log: app.log })
  const stopSweepingUploads = uploads.startSweeping()
  app.addHook('onClose', async () => stopSweepingUploads())

  // The whole API.
  const routes = [
    authRoutes({ auth, limiter, publicUrl }),
    profileRoutes(profiles),
    emailPreferencesRoutes(emailPreferences, productUpdateEmails),
    paymentsRoutes(provider),
    ...(isBuiltinProvider(provider) ? [builtinPayRoutes(provider.pay)] : []),
    ...(isBuiltinProvider(provider) && config.devMode ? [builtinDevRoutes(provider.afterSale)] : []),
    mediaRoutes({ mediaDir: paths.media, media: mediaStorage, mediaBaseUrl: config.mediaBaseUrl }),
    catalogRoutes(catalog, catalogCache),
    bundleItemsRoutes(catalog, catalogCache),
    bundleOfferRoutes({ catalog, bundles: bundleOffers }),
    sitemapRoutes({ catalog, publicUrl }),
    settingsRoutes({
      settings: storeSettings,
      sendPublic: async (request, reply, key, produce) => sendCached(request, reply, await catalogCache.answer(key, produce)),
    }),
    taxRoutes({ tax, sendPublic: async (request, reply, key, produce) => sendCached(request, reply, await catalogCache.answer(key, produce)) }),
    promoRoutes({ promo, limiter, catalog }),
    cartRoutes({ cart, requireUser }),
    checkoutRoutes({ checkout, claims: checkoutClaims, limiter }),
    paymentWebhookRoutes({ fulfilment, afterSale, payments }),
    orderRoutes({ orders: buyerOrders, claims: checkoutClaims, fulfilment, limiter }),
    licenceRoutes(buyerOrders, publicUrl),
    purchasesRoutes(purchases),
    downloadsRoutes({ downloads, links }),
    orderAccessRoutes({ orderAccess, purchases, downloads, links, limiter, licenceSecret: config.authSecret, taxDocuments }),
    taxDocumentRoutes({ taxDocuments, orders: buyerOrders, orderAccess }),
    licenceKeysRoutes({ licenceKeys, orders: buyerOrders, orderAccess, limiter }),
    downloadFileRoutes({ downloads, links, storage, presignSeconds: PRESIGNED_DOWNLOAD_SECONDS }),
    emailSignupRoutes({ signups, limiter }),
    analyticsRoutes({ analytics, limiter }),
    freeProductRoutes({ freeProducts, limiter }),
    supportRoutes({ support: createSupportService({ db, mailer, settings: storeSettings }), limiter }),
    ...(config.devMode ? [mailboxRoutes(mailer)] : []),
    ...(config.devMode ? [cartRemindersDevRoutes(cartReminders)] : []),
    // The owner's API: every route inside answers 401/403 unless an admin asks (or support staff, on a route marked `support`).
    adminRoutes(
      [
        adminReportsRoutes({ orders: orderReports, downloads, catalog, analytics }),
        adminCategoriesRoutes({ catalog, audit }),
        adminProductsRoutes({ catalog, orders: orderReports, downloads, audit }),
        adminBundlesRoutes({ catalog, audit }),
        adminOrdersRoutes({ orders: orderAdmin, afterSale, fulfilment, downloads, catalog, audit, orderAccess, taxDocuments }),
        adminCustomersRoutes({ db, customers: createCustomersService(db), accounts: createCustomerAccountsService(db), downloads, catalog, audit }),
        adminTaxDocumentsRoutes({ taxDocuments }),
        adminPromoCodesRoutes({ promo, orders: orderReports, audit }),
        adminSalesRoutes({ catalog, orders: orderReports, audit }),
        uploads.routes,
        adminProductMediaRoutes({ catalog, uploads, audit }),
        adminProductFileVersionsRoutes({ catalog, orders: fileUpdates, audit, mailer }),
        adminAdminsRoutes({ roles }),
        adminAuditRoutes({ audit, catalog }),
        adminSettingsRoutes({ settings: storeSettings, audit }),
        adminSubscribersRoutes({ subscribers: createSubscribersService({ db, catalog }) }),
        adminExportsRoutes({ exports: createOrderExportsService({ db, catalog }) }),
        adminTaxReportRoutes({ taxReport: createTaxReportService(db) }),
        adminHealthRoutes({ read: { outbox: () => outboxState(db), webhooks: () => webhookDeliveryState(db), jobs: () => lastJobRuns(db) } }),
        adminTaxRoutes({ tax }),
        adminLicenceKeysRoutes({ licenceKeys, audit }),
      ],
      { afterWrite: catalogChanges.caughtUp },
    ),
  ]
  for (const plugin of routes) await app.register(plugin)
  const pageMeta = createPageMeta({ catalog, publicUrl })
  // The owner's store texts, as every page carries them: kept with the rendered pages until a save or a catalog change.
  const publicSettings = () => catalogCache.value('store-settings', () => storeSettings.publicSettings())
  const publicSettingsJson = () => catalogCache.value('store-settings:json', async () => JSON.stringify({ data: await publicSettings() }))
  // A page's head comes from the public catalog and the store's name alone: kept with the rendered pages until either changes.
  const headOf = (path: string) =>
    catalogCache.page(`head:${path}`, async () => {
      const meta = await pageMeta(path, (await publicSettings()).storeName)
      return { status: meta.status, tags: renderHeadTags(meta), rendered: meta.rendered }
    })
  if (clientDir !== null) {
    const settings = { storeMode: config.storeMode, devMode: config.devMode, testPayments: config.testPaymentsInProduction }
    const renderPage = lazyPageRenderer(app, settings, async () => createPageRenderer ?? (await importBuiltRenderer(clientDir)), catalogCache)
    await registerClientApp(app, clientDir, settings, { headOf, renderPage, storeSettings: publicSettingsJson })
  } else installApiNotFound(app)

  return app
}

/**
 * Seconds a bucket's presigned download URL works: enough to start the transfer; a resume asks
 * the signed download link again, which presigns anew (and counts nothing).
 */
const PRESIGNED_DOWNLOAD_SECONDS = 5 * 60

function installApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }))
}

/**
 * Request ids: several processes may serve one store, so each process numbers its requests
 * after a random prefix of its own, and ids do not collide across them (a counter costs less
 * than a UUID per request).
 */
function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 13)
  let count = 0
  return () => `${prefix}-${(++count).toString(36)}`
}

/** Believes the nearest `hops` proxies, as Express's numeric trust proxy does. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops
}
