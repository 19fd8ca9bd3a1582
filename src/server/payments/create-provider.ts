/**
 * Chooses the store's payment provider from configuration: Stripe when STRIPE_SECRET_KEY is
 * set, else the built-in test provider. Checkout and fulfilment receive the PaymentProvider
 * interface and never know which one they got.
 */
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createBuiltinProvider } from './builtin/builtin-provider.ts'
import type { PaymentProvider } from './provider.ts'
import { createStripeProvider, type StripeProviderOptions } from './stripe/stripe-provider.ts'

export interface CreatePaymentProviderDeps {
  config: Pick<AppConfig, 'stripe' | 'authSecret' | 'paymentsWebhookUrl'>
  db: Database
  /** The store's origin: the built-in hosted page lives at `${publicUrl}/pay/{id}`. */
  publicUrl: string
  /** Tests point the Stripe SDK at a local stand-in for api.stripe.com. */
  stripeApi?: StripeProviderOptions['api']
}

export function createPaymentProvider({ config, db, publicUrl, stripeApi }: CreatePaymentProviderDeps): PaymentProvider {
  if (config.stripe) {
    return createStripeProvider({
      secretKey: config.stripe.secretKey,
      publishableKey: config.stripe.publishableKey ?? null,
      webhookSecret: config.stripe.webhookSecret ?? null,
      ...(stripeApi ? { api: stripeApi } : {}),
    })
  }
  return createBuiltinProvider({ db, publicUrl, authSecret: config.authSecret, webhookUrl: config.paymentsWebhookUrl })
}
