/**
 * Licence key tests' helpers: the owner's key policy and serial import as the console sends
 * them, a signed-in buyer's purchase paid at the fake provider, and the activation API as a
 * plugin calls it.
 */
import type { LightMyRequestResponse } from 'fastify'
import type { KeyPolicy } from '../../src/shared/contract/licence-keys.ts'
import type { SignedInUser } from './accounts.ts'
import { deliverEvent, postCheckout } from './checkout-fixtures.ts'
import type { FakePaymentProvider } from './fake-payment-provider.ts'
import type { TestApp } from './test-app.ts'

let address = 0
/** A fresh address per call, so the per-address limits of checkout and activation stay out of the way. */
export const nextAddress = () => `203.0.113.${(address = (address % 250) + 1)}`

export function asOwner(t: TestApp, owner: SignedInUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.config.publicUrl, cookie: owner.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

export async function setKeyPolicy(t: TestApp, owner: SignedInUser, productId: string, policy: Partial<KeyPolicy>) {
  const body: KeyPolicy = { kind: 'generated', activationLimit: 2, lowSerialsThreshold: 10, serialSentLater: false, ...policy }
  const response = await asOwner(t, owner, 'PUT', `/api/admin/products/${productId}/key-policy`, body)
  if (response.statusCode !== 200) throw new Error(`key policy: ${response.statusCode} ${response.body}`)
  return response.json().data
}

export async function importSerials(t: TestApp, owner: SignedInUser, productId: string, csv: string) {
  const response = await asOwner(t, owner, 'POST', `/api/admin/products/${productId}/serials`, { csv })
  if (response.statusCode !== 200) throw new Error(`serial import: ${response.statusCode} ${response.body}`)
  return response.json().data
}

/** A signed-in buyer's Buy Now of one product: the checkout's answer (200 or a refusal). */
export function checkoutOne(t: TestApp, buyer: SignedInUser, productId: string) {
  return postCheckout(
    t,
    { checkoutType: 'direct', userId: buyer.id, items: [{ productId, quantity: 1 }] },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )
}

/** Buys one product and pays it at the fake provider; answers the order and its paid session. */
export async function buyAndPay(t: TestApp, fake: FakePaymentProvider, buyer: SignedInUser, productId: string) {
  const response = await checkoutOne(t, buyer, productId)
  if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`)
  const { orderId, sessionId } = response.json() as { orderId: string; sessionId: string }
  const session = fake.pay(sessionId)
  const paid = await deliverEvent(t, fake, 'checkout.session.completed', session)
  if (paid.statusCode !== 200) throw new Error(`payment event: ${paid.statusCode} ${paid.body}`)
  return { orderId, session, paymentIntentId: session.paymentIntentId! }
}

/** The signed-in buyer's keys (GET /api/licence-keys). */
export async function keysOf(t: TestApp, buyer: SignedInUser) {
  const response = await t.app.inject({ method: 'GET', url: '/api/licence-keys', headers: { cookie: buyer.cookie } })
  if (response.statusCode !== 200) throw new Error(`keys: ${response.statusCode} ${response.body}`)
  return response.json().data as {
    id: string
    key: string | null
    state: string
    kind: string
    activationLimit: number | null
    activations: { id: string; instanceName: string }[]
  }[]
}

/** POST /api/licence-keys/{action}, as the product's software calls it (no session, no Origin). */
export function callActivationApi(
  t: TestApp,
  action: 'activate' | 'validate' | 'deactivate',
  key: string,
  instanceName: string,
  remoteAddress = nextAddress(),
) {
  return t.app.inject({ method: 'POST', url: `/api/licence-keys/${action}`, payload: { key, instanceName }, remoteAddress })
}
