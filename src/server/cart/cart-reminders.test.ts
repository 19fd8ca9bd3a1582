/**
 * A forgotten cart's reminder against a real database, through the app's own wiring (the
 * development route runs a pass now; carts are made old by moving their lines' times back in SQL
 * instead of waiting a day). A cart quiet for 25 hours gets one email listing it at today's prices
 * with a link to the cart and a working unsubscribe link, and never a second; a fresh cart, a
 * buyer who paid or started paying since, an opted-out buyer, an unconfirmed address and a store
 * with reminders off get none; an emptied and refilled cart is a new cart.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { formatPrice } from '../../shared/money.ts'
import type { AdminStoreSettings } from '../../shared/contract/store-settings.ts'
import { auditLog, cartItems, cartReminders, emailPreferences, orders, products, user as users } from '../db/schema.ts'
import type { StoredEmail } from '../email/mailer.ts'

const HOUR_MS = 60 * 60 * 1000
const OWNER = uniqueEmail('owner')
const SUBJECT = 'is still waiting'

let t: TestApp
let owner: SignedInUser
let catalog: Array<{ id: string; name: string; priceCents: number }>

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  catalog = await t.database.db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.isBundle, false), eq(products.priceModel, 'fixed')))
    .limit(4)
})
afterAll(async () => t?.close())

/** An account of its own for each cart (cart lines belong to real accounts). */
async function shopper({ confirmed = true } = {}): Promise<{ id: string; email: string }> {
  const id = `reminded-${crypto.randomUUID()}`
  const email = `${id}@example.com`
  await t.database.db.insert(users).values({ id, name: '', email, emailVerified: confirmed })
  return { id, email }
}

/** Cart lines added (and last changed) `hoursAgo` hours ago. */
async function fillCart(userId: string, productIds: string[], hoursAgo: number): Promise<void> {
  const at = new Date(Date.now() - hoursAgo * HOUR_MS)
  await t.database.db.insert(cartItems).values(productIds.map((productId) => ({ userId, productId, quantity: 1, createdAt: at, updatedAt: at })))
}

async function runPass(): Promise<{ enabled: boolean; forgotten: number; reminded: number }> {
  const response = await browserRequest(t, { method: 'POST', url: '/api/dev/cart-reminders/run' })
  expect(response.statusCode).toBe(200)
  return response.json().data
}

const remindersTo = async (address: string): Promise<StoredEmail[]> =>
  (await t.app.mailer.listOutbox()).filter((email) => email.to === address && email.subject.includes(SUBJECT))

async function setReminders(on: boolean): Promise<void> {
  const current = (await browserRequest(t, { method: 'GET', url: '/api/admin/settings', cookie: owner.cookie })).json().data as AdminStoreSettings
  const saved = await browserRequest(t, {
    method: 'PUT',
    url: '/api/admin/settings',
    cookie: owner.cookie,
    payload: { form: { ...current.form, cartReminders: on }, version: current.version },
  })
  expect(saved.statusCode).toBe(200)
}

describe('cart reminders while the owner has them off (the default)', () => {
  it('send nothing, however old the cart', async () => {
    const buyer = await shopper()
    await fillCart(buyer.id, [catalog[0]!.id], 25)
    expect(await runPass()).toEqual({ enabled: false, forgotten: 0, reminded: 0 })
    expect(await remindersTo(buyer.email)).toEqual([])
    const job = t.app.periodicJobs.find((candidate) => candidate.name === 'cart-reminders')!
    expect(job.periodMs).toBe(15 * 60 * 1000)
    expect(await job.run()).toBe('Cart reminders are off')
  })
})

describe('cart reminders once the owner turns them on', () => {
  beforeAll(async () => {
    await setReminders(true)
  })

  it('the switch is audited and stays out of what shoppers read', async () => {
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'store_settings.update'))
    expect(entry).toMatchObject({ before: { cartReminders: false }, after: { cartReminders: true } })
    const answer = await t.app.inject({ method: 'GET', url: '/api/store-settings' })
    expect(answer.json().data).not.toHaveProperty('cartReminders')
  })

  it('remind a cart left 25 hours once, listing it at today’s prices with the cart and unsubscribe links', async () => {
    const buyer = await shopper()
    const [first, second] = catalog
    await fillCart(buyer.id, [first!.id, second!.id], 25)
    // The catalog's price now, not the price when the line was added.
    await t.database.db
      .update(products)
      .set({ priceCents: first!.priceCents + 100 })
      .where(eq(products.id, first!.id))
    const now = first!.priceCents + 100

    expect((await runPass()).reminded).toBeGreaterThanOrEqual(1)
    const [email, ...more] = await remindersTo(buyer.email)
    expect(more).toEqual([])
    expect(email!.subject).toBe('Your cart at Audio Lab Store is still waiting')
    expect(email!.text).toContain(`${first!.name}: ${formatPrice(now)}`)
    expect(email!.text).toContain(`${second!.name}: ${formatPrice(second!.priceCents)}`)
    expect(email!.text).toContain(`Subtotal at today's prices: ${formatPrice(now + second!.priceCents)}`)
    expect(email!.text).toContain(`Go to your cart: ${t.config.publicUrl}/cart`)
    const unsubscribe = /Unsubscribe: (\S+)/.exec(email!.text)![1]!
    expect(unsubscribe.startsWith(`${t.config.publicUrl}/email-preferences/cart-reminders/`)).toBe(true)
    expect(email!.listUnsubscribe).toBe(`<${unsubscribe}>`)
    expect(email!.html).toContain(`href="${unsubscribe}"`)

    const [reminder] = await t.database.db.select().from(cartReminders).where(eq(cartReminders.userId, buyer.id))
    expect(reminder!.emailId).toBe(email!.id)

    // A second pass, and a pass of the periodic job, send nothing more.
    await runPass()
    await t.app.periodicJobs.find((job) => job.name === 'cart-reminders')!.run()
    expect(await remindersTo(buyer.email)).toHaveLength(1)
    expect(await t.database.db.select().from(cartReminders).where(eq(cartReminders.userId, buyer.id))).toHaveLength(1)

    // The link turns reminders off.
    const opened = await browserRequest(t, { method: 'POST', url: `/api/${new URL(unsubscribe).pathname.slice(1)}` })
    expect(opened.statusCode).toBe(200)
    const [preference] = await t.database.db.select().from(emailPreferences).where(eq(emailPreferences.userId, buyer.id))
    expect(preference!.cartReminders).toBe(false)
  })

  it('do not remind a cart that changed within the day, nor a cart that only grew since its reminder', async () => {
    const fresh = await shopper()
    await fillCart(fresh.id, [catalog[0]!.id], 23)
    const grown = await shopper()
    await fillCart(grown.id, [catalog[0]!.id], 30)
    await runPass()
    expect(await remindersTo(grown.email)).toHaveLength(1)
    // Another line a day later does not make it a new cart.
    await fillCart(grown.id, [catalog[1]!.id], 25)
    await t.database.db
      .update(cartReminders)
      .set({ createdAt: new Date(Date.now() - 26 * HOUR_MS) })
      .where(eq(cartReminders.userId, grown.id))
    await runPass()
    expect(await remindersTo(fresh.email)).toEqual([])
    expect(await remindersTo(grown.email)).toHaveLength(1)
  })

  it('remind an emptied and refilled cart as a new cart', async () => {
    const buyer = await shopper()
    await fillCart(buyer.id, [catalog[0]!.id], 50)
    await runPass()
    expect(await remindersTo(buyer.email)).toHaveLength(1)
    // The reminder was two days ago; the cart was emptied since and filled again 25 hours ago.
    await t.database.db
      .update(cartReminders)
      .set({ createdAt: new Date(Date.now() - 48 * HOUR_MS) })
      .where(eq(cartReminders.userId, buyer.id))
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, buyer.id))
    await fillCart(buyer.id, [catalog[2]!.id], 25)
    await runPass()
    const emails = await remindersTo(buyer.email)
    expect(emails).toHaveLength(2)
    expect(emails[0]!.text).toContain(catalog[2]!.name)
  })

  it('leave out a buyer who paid or started paying since the cart changed, an opted-out buyer and an unconfirmed address', async () => {
    const paid = await shopper()
    const paying = await shopper()
    const optedOut = await shopper()
    const unconfirmed = await shopper({ confirmed: false })
    const paidBefore = await shopper()
    for (const buyer of [paid, paying, optedOut, unconfirmed, paidBefore]) await fillCart(buyer.id, [catalog[3]!.id], 25)
    const order = (userId: string, status: 'COMPLETED' | 'PENDING', hoursAgo: number) => ({
      userId,
      status,
      customerEmail: `${userId}@example.com`,
      checkoutType: 'cart' as const,
      subtotalCents: 1000,
      totalAmountCents: 1080,
      paymentProvider: 'builtin',
      cartFingerprint: crypto.randomUUID(),
      createdAt: new Date(Date.now() - hoursAgo * HOUR_MS),
    })
    await t.database.db.insert(orders).values([order(paid.id, 'COMPLETED', 2), order(paying.id, 'PENDING', 3), order(paidBefore.id, 'COMPLETED', 40)])
    await t.database.db.insert(emailPreferences).values({ userId: optedOut.id, cartReminders: false })

    await runPass()
    for (const buyer of [paid, paying, optedOut, unconfirmed]) expect(await remindersTo(buyer.email), buyer.id).toEqual([])
    // An order before the cart's last change is no reason to stay quiet.
    expect(await remindersTo(paidBefore.email)).toHaveLength(1)
    const written = await t.database.db
      .select({ userId: cartReminders.userId })
      .from(cartReminders)
      .where(inArray(cartReminders.userId, [paid.id, paying.id, optedOut.id, unconfirmed.id]))
    expect(written).toEqual([])
  })

  it('leave out a cart quiet for more than a week: turning reminders on does not mail every old cart', async () => {
    const buyer = await shopper()
    await fillCart(buyer.id, [catalog[0]!.id], 8 * 24)
    await runPass()
    expect(await remindersTo(buyer.email)).toEqual([])
  })

  it('two passes at once still remind each cart once', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => shopper()))
    for (const buyer of buyers) await fillCart(buyer.id, [catalog[1]!.id], 25)
    const passes = await Promise.all([runPass(), runPass(), runPass()])
    expect(passes.every((pass) => pass.enabled)).toBe(true)
    for (const buyer of buyers) expect(await remindersTo(buyer.email)).toHaveLength(1)
  })
})

describe('cart reminders off again', () => {
  it('stop: an old cart gets nothing once the owner turns them off', async () => {
    await setReminders(false)
    const buyer = await shopper()
    await fillCart(buyer.id, [catalog[0]!.id], 25)
    expect((await runPass()).enabled).toBe(false)
    expect(await remindersTo(buyer.email)).toEqual([])
  })
})
