/**
 * Every capability's tables, gathered for drizzle-kit (migrations) and for the Drizzle client.
 * Each capability defines its own tables beside its service; nothing but the database layer
 * and tests imports this file.
 */
export * from '../auth/auth.schema.ts'
export * from '../catalog/catalog.schema.ts'
export * from '../cart/cart.schema.ts'
export * from '../promo/promo.schema.ts'
export * from '../orders/orders.schema.ts'
export * from '../payments/payments.schema.ts'
export * from '../downloads/downloads.schema.ts'
export * from '../support/support.schema.ts'
export * from '../marketing/marketing.schema.ts'
export * from '../email/email.schema.ts'
export * from '../audit/audit.schema.ts'
export * from '../jobs/jobs.schema.ts'
export * from './seed-log.schema.ts'
export * from '../settings/settings.schema.ts'
export * from '../tax/tax.schema.ts'
export * from '../analytics/analytics.schema.ts'
export * from '../licence-keys/licence-keys.schema.ts'
