/**
 * Private order links in server tests: a guest pays a direct checkout at the fake provider, and the
 * private order link their receipt carries; asking through a link as a browser would.
 */
import { expect } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { StoredEmail } from '../../src/server/email/mailer.ts'
import { uniqueEmail } from './accounts.ts'
import { createSession, deliverEvent, itemsOf, receiptsFor } from './checkout-fixtures.ts'
import type { FakePaymentProvider } from './fake-payment-provider.ts'
import type { TestApp } from './test-app.ts'

/** The token of the first private order link in an email's text. */
export function accessTokenIn(email: Pick<StoredEmail, 'text'>): string {
  const token = /\/orders\/access\/([\w-]{65})\b/.exec(email.text)?.[1]
  if (!token) throw new Error(`No private order link in:\n${email.text}`)
  return token
}

let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

/** A guest buys these products (one of each) and pays; answers the order, its items, the receipt, the token of its link and the paying browser's cookies. */
export async function paidGuestOrder(t: TestApp, fake: FakePaymentProvider, productIds: string[], email = uniqueEmail('guest')) {
  const created = await createSession(
    t,
    { checkoutType: 'direct', customerEmail: email, items: productIds.map((productId) => ({ productId, quantity: 1 })) },
    { remoteAddress: nextAddress() },
  )
  const session = fake.pay(created.sessionId)
  expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
  const [receipt] = await receiptsFor(t, created.orderId)
  if (!receipt) throw new Error(`No receipt for ${created.orderId}`)
  const items = await itemsOf(t, created.orderId)
  const itemOf = (productId: string) => items.find((item) => item.productId === productId)!
  return {
    email,
    orderId: created.orderId,
    sessionId: created.sessionId,
    browserCookie: created.browserCookie,
    receipt,
    token: accessTokenIn(receipt),
    items,
    itemOf,
  }
}

/** GET /api/order-access/:token, as the private page asks. */
export function openOrderLink(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/order-access/${token}` })
}

/** POST /api/order-access/:token/downloads, as the private page's Download button does. */
export function downloadThroughLink(t: TestApp, token: string, body: { orderItemId: string; productId: string }): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/order-access/${token}/downloads`, headers: { origin: t.config.publicUrl }, payload: body })
}
