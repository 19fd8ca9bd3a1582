/**
 * Payments: Stripe's keys, or the built-in test provider (never for real money unless the owner
 * opts into test mode in production, and every page then says so), and where the built-in
 * provider posts its events.
 */
import { z } from 'zod'
import { optionalUrl } from './env-values.ts'

export const PAYMENTS_ENV = z.object({
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  /** Where the built-in payment provider posts its signed events; default this process's own webhook route. */
  PAYMENTS_WEBHOOK_URL: optionalUrl,
  /**
   * `builtin` runs the built-in test payment provider even in production (no real money: every
   * page says so); unset means Stripe when STRIPE_SECRET_KEY is set, else the built-in provider
   * outside production.
   */
  PAYMENTS_PROVIDER: z.enum(['builtin', 'stripe'], { error: 'PAYMENTS_PROVIDER must be builtin or stripe' }).optional(),
})

type PaymentsEnv = z.output<typeof PAYMENTS_ENV>

export interface PaymentsPart {
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined
  /** Payments go through the built-in test provider in production (PAYMENTS_PROVIDER=builtin): pages say "Test mode". */
  testPaymentsInProduction: boolean
  /** The built-in payment provider posts checkout.session events here (PAYMENTS_WEBHOOK_URL). */
  paymentsWebhookUrl: string
}

/** Test cards must never pay for real files: production takes money through Stripe unless the owner opts into test mode. */
export function requireStripeInProduction(
  env: Pick<PaymentsEnv, 'PAYMENTS_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  ctx: z.RefinementCtx,
): void {
  if (env.PAYMENTS_PROVIDER !== 'builtin' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production; to run on the built-in test provider (no real payments) set PAYMENTS_PROVIDER=builtin',
    })
  }
}

export function paymentsPartOf(values: PaymentsEnv, { production, port }: { production: boolean; port: number }): PaymentsPart {
  return {
    testPaymentsInProduction: production && values.PAYMENTS_PROVIDER === 'builtin',
    stripe:
      values.STRIPE_SECRET_KEY && values.PAYMENTS_PROVIDER !== 'builtin'
        ? { secretKey: values.STRIPE_SECRET_KEY, publishableKey: values.STRIPE_PUBLISHABLE_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET }
        : undefined,
    paymentsWebhookUrl: values.PAYMENTS_WEBHOOK_URL ?? `http://127.0.0.1:${port}/api/webhooks/payments`,
  }
}
