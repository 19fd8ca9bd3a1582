/**
 * The stripe SDK (about two hundred modules), loaded by the first signature, verification or API
 * call rather than by every start-up: the built-in provider signs its webhooks with it, the Stripe
 * provider calls Stripe with it.
 */
import { createRequire } from 'node:module'
import type Stripe from 'stripe'

let loaded: typeof Stripe | undefined

export function stripeSdk(): typeof Stripe {
  return (loaded ??= createRequire(import.meta.url)('stripe') as typeof Stripe)
}
