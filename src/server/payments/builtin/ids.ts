/** Identifiers in Stripe's style (`cs_test_…`, `pi_…`, `evt_…`), random from the system's CSPRNG. */
import { randomInt } from 'node:crypto'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** `length` characters of base62, each drawn uniformly (no modulo bias). */
export function randomBase62(length: number): string {
  let text = ''
  for (let index = 0; index < length; index++) text += BASE62[randomInt(BASE62.length)]
  return text
}

export const newCheckoutSessionId = () => `cs_test_${randomBase62(58)}`
export const newClientSecret = (sessionId: string) => `${sessionId}_secret_${randomBase62(24)}`
export const newPaymentIntentId = () => `pi_${randomBase62(24)}`
export const newEventId = () => `evt_${randomBase62(24)}`
export const newDeliveryId = () => `whd_${randomBase62(24)}`
export const newDisputeId = () => `dp_${randomBase62(24)}`
