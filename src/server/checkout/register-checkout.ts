/**
 * Wires checkout, the payment webhook and the order reads into the app. The payment provider
 * is read from `app.payments` at call time, so a test can swap in its own.
 */
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createPromoService } from '../cart/promo.service.ts'
import { createOrdersService } from '../orders/orders.service.ts'
import { orderRoutes } from '../orders/orders.routes.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { checkoutRoutes } from './checkout.routes.ts'
import { createCheckoutService } from './checkout.service.ts'
import { createFulfilment } from './fulfil-order.ts'
import { paymentWebhookRoutes } from './webhook.routes.ts'

export interface CheckoutDeps {
  config: Pick<AppConfig, 'publicUrl'>
  db: Database
}

export async function registerCheckout(app: FastifyInstance, { config, db }: CheckoutDeps): Promise<void> {
  const payments = (): PaymentProvider => app.payments
  const fulfilment = createFulfilment({ db, mailer: app.mailer, publicUrl: config.publicUrl, log: app.log, payments })
  const checkout = createCheckoutService({ db, promo: createPromoService(db), fulfilment, payments, publicUrl: config.publicUrl, log: app.log })
  await app.register(checkoutRoutes({ checkout, limiter: app.rateLimiter }))
  await app.register(paymentWebhookRoutes({ fulfilment, payments }))
  await app.register(orderRoutes(createOrdersService({ db, fulfilment, payments })))
}
