/**
 * A shopper's email choices: cart reminders are on until they untick them on their profile
 * (their own choices only; a guest is refused), and a reminder's signed unsubscribe link turns
 * them off without signing in, from the page or a mail client's one-click POST; an altered link
 * is a 404 that changes nothing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { emailPreferences, user as users } from '../db/schema.ts'
import { createEmailPreferencesService } from './email-preferences.service.ts'

let t: TestApp
let shopper: SignedInUser
let preferences: ReturnType<typeof createEmailPreferencesService>

beforeAll(async () => {
  t = await createTestApp()
  shopper = await createSignedInUser(t)
  preferences = createEmailPreferencesService({ db: t.database.db, authSecret: t.config.authSecret, publicUrl: t.config.publicUrl })
})
afterAll(async () => t?.close())

const choices = (cookie?: string) => browserRequest(t, { method: 'GET', url: '/api/email-preferences', ...(cookie ? { cookie } : {}) })
const change = (cookie: string, payload: Record<string, unknown>) => browserRequest(t, { method: 'PATCH', url: '/api/email-preferences', cookie, payload })

/** The length of the MAC that closes an unsubscribe token (16 bytes, base64url). */
const MAC_CHARS = 22

/** The path of the shopper's unsubscribe link, as the reminder email writes it. */
const linkPathOf = (userId: string) => new URL(preferences.cartRemindersUnsubscribeUrl(userId)).pathname

async function storedChoice(userId: string): Promise<boolean | undefined> {
  const [row] = await t.database.db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId))
  return row?.cartReminders
}

describe('the profile’s cart reminder choice', () => {
  it('is on by default, saved when unticked and ticked again', async () => {
    const opened = await choices(shopper.cookie)
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toEqual({ data: { cartReminders: true } })

    const off = await change(shopper.cookie, { cartReminders: false })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toEqual({ data: { cartReminders: false } })
    expect((await choices(shopper.cookie)).json().data.cartReminders).toBe(false)
    expect(await preferences.cartReminderOptOuts([shopper.id, 'someone-else'])).toEqual(new Set([shopper.id]))

    await change(shopper.cookie, { cartReminders: true })
    expect(await storedChoice(shopper.id)).toBe(true)
    expect(await preferences.cartReminderOptOuts([shopper.id])).toEqual(new Set())
  })

  it('is refused to a guest (401) and refuses a value that is not true or false (400)', async () => {
    expect((await choices()).statusCode).toBe(401)
    const guest = await browserRequest(t, { method: 'PATCH', url: '/api/email-preferences', payload: { cartReminders: false } })
    expect(guest.statusCode).toBe(401)
    const wrong = await change(shopper.cookie, { cartReminders: 'no' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatchObject({ status: 400, message: 'Cart reminders must be true or false' })
  })
})

describe('the unsubscribe link of a cart reminder', () => {
  it('opens a page, and the page’s request turns reminders off without signing in', async () => {
    const other = await createSignedInUser(t)
    const path = linkPathOf(other.id)
    // base64url end to end: no dot, so the link never ends like a file's name.
    expect(path).toMatch(/^\/email-preferences\/cart-reminders\/[\w-]+$/)

    const turnedOff = await browserRequest(t, { method: 'POST', url: `/api${path}` })
    expect(turnedOff.statusCode).toBe(200)
    expect(turnedOff.json()).toEqual({ data: { cartReminders: false } })
    expect(await storedChoice(other.id)).toBe(false)
    expect((await choices(other.cookie)).json().data.cartReminders).toBe(false)
    // Opening it again is fine.
    expect((await browserRequest(t, { method: 'POST', url: `/api${path}` })).statusCode).toBe(200)
  })

  it("works as a mail client's one-click unsubscribe (a form POST to the link itself, no Origin)", async () => {
    const other = await createSignedInUser(t)
    const response = await t.app.inject({
      method: 'POST',
      url: linkPathOf(other.id),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode).toBe(200)
    expect(await storedChoice(other.id)).toBe(false)
  })

  it('refuses an altered or foreign link with a 404 and changes nothing', async () => {
    const other = await createSignedInUser(t)
    const token = linkPathOf(other.id).split('/').at(-1)!
    const [id, mac] = [token.slice(0, -MAC_CHARS), token.slice(-MAC_CHARS)]
    const forged = `${id}${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`
    const signedElsewhere = createEmailPreferencesService({
      db: t.database.db,
      authSecret: 'another-store-secret-0123456789abcdef',
      publicUrl: t.config.publicUrl,
    })
    for (const bad of [
      forged,
      `${id}.${mac.slice(1)}`,
      'not-a-token',
      new URL(signedElsewhere.cartRemindersUnsubscribeUrl(other.id)).pathname.split('/').at(-1)!,
    ]) {
      const response = await browserRequest(t, { method: 'POST', url: `/api/email-preferences/cart-reminders/${bad}` })
      expect(response.statusCode).toBe(404)
      expect(response.json().error).toEqual({
        status: 404,
        code: 'INVALID_LINK',
        message: 'This unsubscribe link is not valid. Turn cart reminders off in your profile instead.',
      })
    }
    expect(await storedChoice(other.id)).toBeUndefined()
  })

  it('sent before, as `id.mac`, still turns reminders off', async () => {
    const other = await createSignedInUser(t)
    const token = linkPathOf(other.id).split('/').at(-1)!
    const oldLink = `/email-preferences/cart-reminders/${token.slice(0, -MAC_CHARS)}.${token.slice(-MAC_CHARS)}`
    const turnedOff = await browserRequest(t, { method: 'POST', url: `/api${oldLink}` })
    expect(turnedOff.statusCode).toBe(200)
    expect(await storedChoice(other.id)).toBe(false)
  })

  it('of an account deleted since still answers that reminders are off', async () => {
    const id = `gone-${crypto.randomUUID()}`
    await t.database.db.insert(users).values({ id, name: '', email: `${id}@example.com`, emailVerified: true })
    const path = linkPathOf(id)
    await t.database.db.delete(users).where(eq(users.id, id))
    expect((await browserRequest(t, { method: 'POST', url: `/api${path}` })).statusCode).toBe(200)
  })
})
