/**
 * Puts the payment provider on the app (`app.payments`, used by checkout and the webhook
 * route) with the browser's payment routes: the provider config, and the built-in provider's
 * payment page API when it is the one in use.
 */
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { builtinPayRoutes } from './builtin/builtin-pay.routes.ts'
import { isBuiltinProvider } from './builtin/builtin-provider.ts'
import { createPaymentProvider, type CreatePaymentProviderDeps } from './create-provider.ts'
import { paymentsRoutes } from './payments.routes.ts'
import type { PaymentProvider } from './provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (Stripe or the built-in test provider), chosen by configuration. */
    payments: PaymentProvider
  }
}

export interface RegisterPaymentsDeps {
  config: AppConfig
  db: Database
  /** Tests point the Stripe SDK at a local stand-in for api.stripe.com. */
  stripeApi?: CreatePaymentProviderDeps['stripeApi']
}

export async function registerPayments(app: FastifyInstance, { config, db, stripeApi }: RegisterPaymentsDeps): Promise<void> {
  const provider = createPaymentProvider({ config, db, publicUrl: config.publicUrl, ...(stripeApi ? { stripeApi } : {}) })
  if (provider.kind === 'stripe' && !config.stripe?.webhookSecret) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: every payment webhook will be refused and orders complete only from the success page')
  }
  app.decorate('payments', provider)
  await app.register(paymentsRoutes(provider))
  if (isBuiltinProvider(provider)) await app.register(builtinPayRoutes(provider.pay))
}
