/**
 * Free products for an email: a visitor asks with an address → a confirmation email links to
 * /free/{token} → opening it makes one $0.00 COMPLETED order whose private page lists the product
 * with 3 downloads, and a download through it works; opening it again (or twice at once) opens the
 * same order. The consent is kept word for word; the news box, unticked, subscribes no one, and
 * ticked, subscribes the address once confirmed, with a welcome email carrying an unsubscribe link
 * (and its List-Unsubscribe header) that works. A product that is not free is a 404.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { fetchDownload, productsWithFiles } from '../../../tests/support/downloads.ts'
import { downloadThroughLink, openOrderLink } from '../../../tests/support/order-links.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { emailSignups, freeProductClaims, orderAccessLinks, orderItems, orders, products, type ProductRow } from '../db/schema.ts'
import type { StoredEmail } from '../email/mailer.ts'
import { createMailer } from '../email/mailer.ts'
import type { MailTransport } from '../email/outbox-delivery.ts'

let t: TestApp
let free: ProductRow
let priced: ProductRow

let lastIp = 0
const nextIp = () => `10.26.${Math.floor(++lastIp / 250)}.${lastIp % 250}`

beforeAll(async () => {
  t = await createTestApp()
  ;[free, priced] = (await productsWithFiles(t, 2)) as [ProductRow, ProductRow]
  // The owner gives the first pack away: price 0, nothing struck through.
  const { originalPrice: _original, ...metadata } = free.metadata
  await t.database.db
    .update(products)
    .set({ priceCents: 0, priceModel: 'fixed', metadata: { ...metadata, isOnSale: false } })
    .where(eq(products.id, free.id))
})
afterAll(async () => t?.close())

function ask(productId: string, body: Record<string, unknown>, remoteAddress = nextIp()) {
  return browserRequest(t, { method: 'POST', url: `/api/free-products/${productId}/claims`, payload: body, remoteAddress })
}

function confirm(token: string) {
  return browserRequest(t, { method: 'POST', url: `/api/free-products/claims/${token}/confirm` })
}

async function mailTo(address: string, subject: string): Promise<StoredEmail> {
  const found = (await t.app.mailer.listOutbox()).find((email) => email.to === address && email.subject.includes(subject))
  if (!found) throw new Error(`No email to ${address} about "${subject}"`)
  return found
}

/** The token of the link in an email's text under `/{segment}/`. */
function tokenIn(email: StoredEmail, segment: string): string {
  const token = new RegExp(`${t.config.publicUrl}/${segment}/([\\w-]{65})\\b`).exec(email.text)?.[1]
  if (!token) throw new Error(`No /${segment}/ link in:\n${email.text}`)
  return token
}

/** Asks for the free pack and answers the token of the emailed confirmation link. */
async function askAndReadLink(email: string, newsConsent?: boolean): Promise<string> {
  const asked = await ask(free.id, newsConsent === undefined ? { email } : { email, newsConsent })
  expect(asked.statusCode).toBe(200)
  return tokenIn(await mailTo(email.toLowerCase(), 'Your free download'), 'free')
}

const claimsOf = (email: string) => t.database.db.select().from(freeProductClaims).where(eq(freeProductClaims.email, email))
const signupOf = async (email: string) => (await t.database.db.select().from(emailSignups).where(eq(emailSignups.email, email)))[0]
const ordersOf = (email: string) => t.database.db.select().from(orders).where(eq(orders.customerEmail, email))
const orderTokenOf = (orderPath: string) => orderPath.replace('/orders/access/', '')

describe('asking for a free product', () => {
  it('answers one sentence, keeps the consent word for word with its time, and emails a link to /free/{token}', async () => {
    const email = uniqueEmail('free-ask')
    const before = Date.now()
    const response = await ask(free.id, { email: `  ${email.toUpperCase()} ` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { message: `Check your inbox: the download link is on its way to ${email}.` } })

    const [claim] = await claimsOf(email)
    expect(claim).toMatchObject({
      productId: free.id,
      consentText: `We'll email you the download link for ${free.name}.`,
      newsConsent: false,
      newsConsentText: null,
      confirmedAt: null,
      orderId: null,
    })
    expect(claim!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)

    const mail = await mailTo(email, 'Your free download')
    expect(mail.subject).toBe(`Your free download: ${free.name}`)
    expect(mail.text).toContain(`You asked for ${free.name}.`)
    expect(tokenIn(mail, 'free')).toHaveLength(65)
    // A confirmation is not news: it carries no unsubscribe link.
    expect(mail.listUnsubscribe).toBeUndefined()
    expect(await ordersOf(email)).toHaveLength(0)
  })

  it('answers the same sentence to an address that asked before', async () => {
    const email = uniqueEmail('free-again')
    const first = await ask(free.id, { email })
    const second = await ask(free.id, { email })
    expect(second.json()).toEqual(first.json())
    expect(await claimsOf(email)).toHaveLength(2)
  })

  it.each([
    ['a product with a price', () => priced.id],
    ['an unknown product', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-a-product'],
  ])('refuses %s with a 404 and keeps nothing', async (_case, productId) => {
    const email = uniqueEmail('free-404')
    const response = await ask(productId(), { email })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: { message: 'This product is not free, or it is no longer in the store.', status: 404, code: 'FREE_PRODUCT_NOT_FOUND' },
    })
    expect(await claimsOf(email)).toHaveLength(0)
    expect((await t.app.mailer.listOutbox()).some((mail) => mail.to === email)).toBe(false)
  })

  it('refuses an address that is not one, in the usual error shape', async () => {
    const response = await ask(free.id, { email: 'producer@nowhere' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: { message: 'Please enter a valid email address', status: 400, code: 'VALIDATION_ERROR' } })
  })

  it('emails one address three times an hour, then answers 429 without keeping the fourth', async () => {
    const email = uniqueEmail('free-flood')
    for (let round = 0; round < 3; round += 1) expect((await ask(free.id, { email })).statusCode).toBe(200)
    const refused = await ask(free.id, { email })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests for free downloads. Please wait a while before trying again.',
    })
    expect(await claimsOf(email)).toHaveLength(3)
  })

  it('takes ten requests an hour from one IP, then answers 429', async () => {
    const ip = '192.0.2.26'
    for (let round = 0; round < 10; round += 1) expect((await ask(free.id, { email: uniqueEmail('free-office') }, ip)).statusCode).toBe(200)
    expect((await ask(free.id, { email: uniqueEmail('free-office') }, ip)).statusCode).toBe(429)
  })
})

describe('opening the confirmation link', () => {
  it('makes one $0.00 COMPLETED order whose private page lists the product with 3 downloads, and a download through it works', async () => {
    const email = uniqueEmail('free-open')
    const token = await askAndReadLink(email)
    const opened = await confirm(token)
    expect(opened.statusCode).toBe(200)
    const { orderPath } = opened.json<{ data: { orderPath: string } }>().data
    expect(orderPath).toMatch(/^\/orders\/access\/[\w-]{65}$/)

    const [order] = await ordersOf(email)
    expect(order).toMatchObject({ status: 'COMPLETED', totalAmountCents: 0, subtotalCents: 0, paymentProvider: 'free', paymentSessionId: null, userId: null })
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))
    expect(items).toEqual([expect.objectContaining({ productId: free.id, quantity: 1, priceCents: 0, downloadLimit: 3, downloadsRemaining: 3 })])

    const page = await openOrderLink(t, orderTokenOf(orderPath))
    expect(page.statusCode).toBe(200)
    const guestOrder = page.json<{
      data: { totalAmountCents: number; items: { productId: string; downloadsRemaining: number; product: { name: string } }[] }
    }>().data
    expect(guestOrder.totalAmountCents).toBe(0)
    expect(guestOrder.items).toEqual([
      expect.objectContaining({ productId: free.id, downloadsRemaining: 3, product: expect.objectContaining({ name: free.name }) }),
    ])

    const grant = await downloadThroughLink(t, orderTokenOf(orderPath), { orderItemId: items[0]!.id, productId: free.id })
    expect(grant.statusCode).toBe(200)
    expect(grant.json()).toMatchObject({ downloadsRemaining: 2 })
    const file = await fetchDownload(t, grant.json<{ downloadUrl: string }>().downloadUrl)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.length).toBe(free.fileSize)

    const [claim] = await claimsOf(email)
    expect(claim!.confirmedAt).toBeInstanceOf(Date)
    expect(claim!.orderId).toBe(order!.id)
  })

  it('opens the same order when opened again, and when opened twice at once', async () => {
    const email = uniqueEmail('free-twice')
    const token = await askAndReadLink(email)
    const [first, second] = await Promise.all([confirm(token), confirm(token)])
    const third = await confirm(token)
    const paths = [first, second, third].map((response) => response.json<{ data: { orderPath: string } }>().data.orderPath)
    expect(new Set(paths).size).toBe(1)
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it("opens the order an address's first confirmed request made when it asks for the same product again", async () => {
    const email = uniqueEmail('free-repeat')
    const firstPath = (await confirm(await askAndReadLink(email))).json<{ data: { orderPath: string } }>().data.orderPath
    const again = await ask(free.id, { email })
    expect(again.statusCode).toBe(200)
    const mails = (await t.app.mailer.listOutbox()).filter((mail) => mail.to === email && mail.subject.startsWith('Your free download'))
    expect(mails).toHaveLength(2)
    const secondToken = tokenIn(mails[0]!, 'free')
    const secondPath = (await confirm(secondToken)).json<{ data: { orderPath: string } }>().data.orderPath
    expect(secondPath).toBe(firstPath)
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it('gives the order to the account that confirmed this address', async () => {
    const user = await createSignedInUser(t)
    const opened = await confirm(await askAndReadLink(user.email))
    expect(opened.statusCode).toBe(200)
    const [order] = await ordersOf(user.email)
    expect(order!.userId).toBe(user.id)
    const hub = await browserRequest(t, { method: 'GET', url: '/api/purchases', cookie: user.cookie })
    expect(hub.json<{ data: { productId: string }[] }>().data.map((item) => item.productId)).toContain(free.id)
  })

  it('refuses an altered or unknown link with a 404 and makes nothing', async () => {
    const email = uniqueEmail('free-altered')
    const token = await askAndReadLink(email)
    const altered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`
    for (const bad of [altered, 'nonsense']) {
      const response = await confirm(bad)
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('FREE_LINK_NOT_FOUND')
    }
    expect(await ordersOf(email)).toHaveLength(0)
  })

  it('answers 410 once the owner withdrew the order’s private links', async () => {
    const email = uniqueEmail('free-revoked')
    const token = await askAndReadLink(email)
    expect((await confirm(token)).statusCode).toBe(200)
    const [order] = await ordersOf(email)
    await t.database.db.update(orderAccessLinks).set({ revokedAt: new Date(), revokedBy: 'owner@example.com' }).where(eq(orderAccessLinks.orderId, order!.id))
    const response = await confirm(token)
    expect(response.statusCode).toBe(410)
    expect(response.json().error.code).toBe('FREE_LINK_WITHDRAWN')
  })
})

describe('"Also send me news"', () => {
  it('unticked: the confirmed address is not subscribed and gets no news', async () => {
    const email = uniqueEmail('free-no-news')
    expect((await confirm(await askAndReadLink(email))).statusCode).toBe(200)
    expect(await signupOf(email)).toBeUndefined()
    expect((await t.app.mailer.listOutbox()).filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual([`Your free download: ${free.name}`])
  })

  it('ticked: kept with its wording, subscribed only once confirmed, welcomed with an unsubscribe link that works', async () => {
    const email = uniqueEmail('free-news')
    const token = await askAndReadLink(email, true)
    const [claim] = await claimsOf(email)
    expect(claim).toMatchObject({ newsConsent: true, newsConsentText: 'Also send me news and new releases' })
    expect(await signupOf(email)).toBeUndefined()

    expect((await confirm(token)).statusCode).toBe(200)
    expect(await signupOf(email)).toMatchObject({
      source: 'free_product',
      subscriptionType: 'newsletter',
      consentText: 'Also send me news and new releases',
      unsubscribedAt: null,
    })
    const welcome = await mailTo(email, 'news')
    const unsubscribeToken = tokenIn(welcome, 'unsubscribe')
    expect(welcome.listUnsubscribe).toBe(`<${t.config.publicUrl}/unsubscribe/${unsubscribeToken}>`)

    // Opening the link again subscribes nothing twice and welcomes no one twice.
    await confirm(token)
    expect((await t.app.mailer.listOutbox()).filter((mail) => mail.to === email && mail.subject.includes('news'))).toHaveLength(1)

    const unsubscribed = await browserRequest(t, { method: 'POST', url: `/api/email-signup/unsubscribe/${unsubscribeToken}` })
    expect(unsubscribed.statusCode).toBe(200)
    expect(unsubscribed.json()).toEqual({ data: { message: `${email} is unsubscribed: we won't send it news any more.` } })
    const stamped = (await signupOf(email))!.unsubscribedAt
    expect(stamped).toBeInstanceOf(Date)
    // Again: the same answer, the first time kept.
    expect((await browserRequest(t, { method: 'POST', url: `/api/email-signup/unsubscribe/${unsubscribeToken}` })).statusCode).toBe(200)
    expect((await signupOf(email))!.unsubscribedAt).toEqual(stamped)
  })

  it('ticked by an address already subscribed: nothing changes and no second welcome', async () => {
    const email = uniqueEmail('free-subscribed')
    expect(
      (await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email, subscriptionType: 'newsletter', source: 'learn_page' } }))
        .statusCode,
    ).toBe(200)
    expect((await confirm(await askAndReadLink(email, true))).statusCode).toBe(200)
    expect(await signupOf(email)).toMatchObject({ source: 'learn_page', consentText: null })
    expect((await t.app.mailer.listOutbox()).filter((mail) => mail.to === email && mail.subject.includes('news'))).toHaveLength(1)
  })
})

describe('news emails and unsubscribing', () => {
  it('welcomes a coming-soon signup with an unsubscribe link, delivered with List-Unsubscribe headers', async () => {
    const email = uniqueEmail('launch')
    const signedUp = await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email }, remoteAddress: nextIp() })
    expect(signedUp.statusCode).toBe(200)
    const welcome = await mailTo(email, 'list')
    const url = `${t.config.publicUrl}/unsubscribe/${tokenIn(welcome, 'unsubscribe')}`
    expect(welcome.text).toContain(`Unsubscribe: ${url}`)

    const sent: Parameters<MailTransport['sendMail']>[0][] = []
    const delivering = createMailer({ db: t.database.db, smtpUrl: undefined, transport: { sendMail: async (message) => void sent.push(message) } })
    while ((await delivering.deliverDue()).attempted > 0);
    const delivered = sent.find((message) => message.to === email)
    expect(delivered?.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    // A receipt-like email without the link gets no such header.
    expect(sent.filter((message) => message.headers === undefined).length).toBeGreaterThan(0)
  })

  it("unsubscribes through a mail client's one-click POST to the link", async () => {
    const email = uniqueEmail('one-click')
    await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email }, remoteAddress: nextIp() })
    const token = tokenIn(await mailTo(email, 'list'), 'unsubscribe')
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode).toBe(200)
    expect((await signupOf(email))!.unsubscribedAt).toBeInstanceOf(Date)
  })

  it('refuses an altered unsubscribe link with a 404', async () => {
    const email = uniqueEmail('unsub-altered')
    await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email }, remoteAddress: nextIp() })
    const token = tokenIn(await mailTo(email, 'list'), 'unsubscribe')
    const altered = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`
    const response = await browserRequest(t, { method: 'POST', url: `/api/email-signup/unsubscribe/${altered}` })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('UNSUBSCRIBE_LINK_NOT_FOUND')
    expect((await signupOf(email))!.unsubscribedAt).toBeNull()
  })

  it('subscribes an address that unsubscribed again when it signs up again, and welcomes it again', async () => {
    const email = uniqueEmail('comeback')
    await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email }, remoteAddress: nextIp() })
    await browserRequest(t, { method: 'POST', url: `/api/email-signup/unsubscribe/${tokenIn(await mailTo(email, 'list'), 'unsubscribe')}` })
    const back = await browserRequest(t, {
      method: 'POST',
      url: '/api/email-signup',
      payload: { email, subscriptionType: 'newsletter', source: 'learn_page' },
      remoteAddress: nextIp(),
    })
    expect(back.json().message).toBe('Thanks for subscribing! New tutorials and free packs will land in your inbox.')
    expect(await signupOf(email)).toMatchObject({ unsubscribedAt: null, subscriptionType: 'newsletter', source: 'learn_page' })
    expect((await t.app.mailer.listOutbox()).filter((mail) => mail.to === email && mail.listUnsubscribe)).toHaveLength(2)
  })

  it('refuses a browser that names the free-product source on the public signup', async () => {
    const email = uniqueEmail('forged')
    const response = await browserRequest(t, { method: 'POST', url: '/api/email-signup', payload: { email, source: 'free_product' }, remoteAddress: nextIp() })
    expect(response.statusCode).toBe(400)
    expect(await signupOf(email)).toBeUndefined()
  })
})
