/**
 * Checkout test helpers: the demo catalog's products by name, posting a checkout as the
 * store's page does, swapping in the fake provider, delivering its signed events and reading
 * the rows checkout wrote.
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { orderItems, orders, products, promoCodes, promoRedemptions, type OrderRow, type ProductRow } from '../../src/server/db/schema.ts'
import type { PaymentCheckoutSession } from '../../src/server/payments/provider.ts'
import type { TestApp } from './test-app.ts'
import { FakePaymentProvider } from './fake-payment-provider.ts'

/** Replaces the app's payment provider with a fake one for this test app. */
export function useFakePayments(t: TestApp): FakePaymentProvider {
  const fake = new FakePaymentProvider(t.config.publicUrl)
  t.app.payments = fake
  return fake
}

export async function productByName(t: TestApp, name: string): Promise<ProductRow> {
  const [row] = await t.database.db.select().from(products).where(eq(products.name, name))
  if (!row) throw new Error(`No demo product named ${name}`)
  return row
}

export interface PostOptions {
  cookie?: string
  remoteAddress?: string
}

export function postCheckout(t: TestApp, body: Record<string, unknown>, { cookie, remoteAddress }: PostOptions = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

export interface CreatedSession {
  sessionId: string
  url: string | null
  client_secret: string | null
  orderId: string
  /** The Cookie header of the browser that began the checkout: its claim to the order, and the session cookie it posted with. */
  browserCookie: string
}

/** The Cookie header a browser sends after an answer: the cookies it had, with those the answer set. */
export function cookiesAfter(response: LightMyRequestResponse, had?: string): string {
  const jar = new Map((had ?? '').split(/;\s*/).flatMap((pair) => (pair ? [[pair.split('=')[0]!, pair] as const] : [])))
  for (const { name, value } of response.cookies as { name: string; value: string }[]) jar.set(name, `${name}=${value}`)
  return [...jar.values()].join('; ')
}

/** Posts a checkout that must succeed; answers its session and the browser's cookies after it. */
export async function createSession(t: TestApp, body: Record<string, unknown>, options: PostOptions = {}): Promise<CreatedSession> {
  const response = await postCheckout(t, body, options)
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`)
  return { ...(response.json() as Omit<CreatedSession, 'browserCookie'>), browserCookie: cookiesAfter(response, options.cookie) }
}

/** GET the order behind a payment session, as the success page asks (with the browser's cookies, if given). */
export function orderBySession(t: TestApp, sessionId: string, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/orders/by-session/${sessionId}`, headers: cookie ? { cookie } : {} })
}

/** Posts a signed provider event to the webhook route. */
export function deliverEvent(
  t: TestApp,
  fake: FakePaymentProvider,
  type: string,
  session: PaymentCheckoutSession,
  options: Parameters<FakePaymentProvider['signedEvent']>[2] = {},
) {
  const { payload, headers } = fake.signedEvent(type, session, options)
  return t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })
}

export async function orderById(t: TestApp, orderId: string): Promise<OrderRow> {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`No order ${orderId}`)
  return row
}

export function itemsOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
}

export async function promoState(t: TestApp, code: string) {
  const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code))
  if (!promo) throw new Error(`No promo ${code}`)
  const redemptions = await t.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, promo.id))
  return { uses: promo.uses, redemptions }
}

/** Outbox messages whose subject names the order's receipt. */
export async function receiptsFor(t: TestApp, orderId: string) {
  const orderNumber = orderId.slice(-8).toUpperCase()
  return (await t.app.mailer.listOutbox()).filter((email) => email.subject.includes('receipt') && email.subject.includes(orderNumber))
}
