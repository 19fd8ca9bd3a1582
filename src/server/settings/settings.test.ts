/**
 * The store's settings: the spec's texts (and the server's SUPPORT_EMAIL) answered before any
 * save, with no review claim; an owner's save reaching the public answer and the audit log; a
 * shopper refused; a save over an older version refused as stale; an http:// social link refused
 * with a sentence naming the field.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminStoreSettings, PublicStoreSettings, StoreSettings } from '../../shared/contract/store-settings.ts'
import { auditLog, storeSettings } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER, SUPPORT_EMAIL: 'help@studio.example' })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
})
afterAll(async () => t?.close())

const publicSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/store-settings' })).json().data as PublicStoreSettings
const as = (user: SignedInUser, method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: '/api/admin/settings', headers: { origin: t.config.publicUrl, cookie: user.cookie }, ...(payload ? { payload } : {}) })
const adminSettings = async () => (await as(owner, 'GET')).json().data as AdminStoreSettings

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return
  throw new Error('the change was not seen within 2 s')
}

describe('the store settings before the owner saves any', () => {
  it("answer the spec's texts, the configured support address and no review claim, cacheable like the catalog", async () => {
    expect(await t.database.db.select().from(storeSettings)).toEqual([])
    const response = await t.app.inject({ method: 'GET', url: '/api/store-settings' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/)
    expect(response.json().data).toEqual({
      storeName: 'Audio Lab Store',
      supportEmail: 'help@studio.example',
      supportReplyTime: '24-48 hours',
      secureCheckoutNote: 'SSL secure checkout',
      guaranteeNote: '30-day money-back guarantee',
      instantDownloadNote: 'Instant download after purchase',
      socialLinks: [
        { label: 'YouTube', url: 'https://www.youtube.com/@audiolabstore' },
        { label: 'Instagram', url: 'https://www.instagram.com/audiolabstore' },
        { label: 'TikTok', url: 'https://www.tiktok.com/@audiolabstore' },
        { label: 'X (Twitter)', url: 'https://x.com/audiolabstore' },
      ],
      reviewClaim: '',
    })
    const again = await t.app.inject({ method: 'GET', url: '/api/store-settings', headers: { 'if-none-match': String(response.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('are the form the owner opens, at version 1', async () => {
    const settings = await adminSettings()
    expect(settings.version).toBe(1)
    expect(settings.updatedAt).toBeNull()
    expect(settings.form).toEqual(settings.defaults)
    expect(settings.form.receiptThankYou).toBe('Thank you for your purchase.')
  })
})

describe('saving the store settings', () => {
  it('is refused to a shopper (403) and to a guest (401)', async () => {
    const { form, version } = await adminSettings()
    expect((await as(shopper, 'GET')).statusCode).toBe(403)
    const refused = await as(shopper, 'PUT', { form: { ...form, storeName: 'Hijacked' }, version })
    expect(refused.statusCode).toBe(403)
    const guest = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { origin: t.config.publicUrl }, payload: { form, version } })
    expect(guest.statusCode).toBe(401)
    expect((await publicSettings()).storeName).toBe('Audio Lab Store')
  })

  it('changes what every shopper reads, and records the changed fields in the audit log', async () => {
    const { form, version } = await adminSettings()
    const changed: StoreSettings = {
      ...form,
      storeName: 'Night Shift Sounds',
      guaranteeNote: '',
      reviewClaim: 'Rated 4.7 out of 5 by 310 producers on Trustpilot',
      socialLinks: [{ label: 'Bandcamp', url: 'https://nightshift.bandcamp.com' }],
    }
    const saved = await as(owner, 'PUT', { form: changed, version })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ form: changed, version: version + 1 })

    await eventually(async () => (await publicSettings()).storeName === 'Night Shift Sounds')
    expect(await publicSettings()).toMatchObject({
      guaranteeNote: '',
      reviewClaim: 'Rated 4.7 out of 5 by 310 producers on Trustpilot',
      socialLinks: [{ label: 'Bandcamp', url: 'https://nightshift.bandcamp.com' }],
      supportEmail: 'help@studio.example',
    })

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'store_settings.update'))
    expect(entry).toMatchObject({ actorEmail: OWNER, subjectType: 'store_settings' })
    expect(entry!.before).toEqual({
      storeName: 'Audio Lab Store',
      guaranteeNote: '30-day money-back guarantee',
      reviewClaim: '',
      socialLinks: form.socialLinks,
    })
    expect(entry!.after).toEqual({
      storeName: 'Night Shift Sounds',
      guaranteeNote: '',
      reviewClaim: 'Rated 4.7 out of 5 by 310 producers on Trustpilot',
      socialLinks: [{ label: 'Bandcamp', url: 'https://nightshift.bandcamp.com' }],
    })
    // Only what the owner changed is stored: the support address still follows SUPPORT_EMAIL.
    const [row] = await t.database.db.select().from(storeSettings)
    expect(Object.keys(row!.values).sort()).toEqual(['guaranteeNote', 'reviewClaim', 'socialLinks', 'storeName'])
  })

  it('over a version someone else saved since is refused with 409 STALE_VERSION, and changes nothing', async () => {
    const opened = await adminSettings()
    expect((await as(owner, 'PUT', { form: { ...opened.form, supportReplyTime: 'one business day' }, version: opened.version })).statusCode).toBe(200)
    const stale = await as(owner, 'PUT', { form: { ...opened.form, storeName: 'Overwritten' }, version: opened.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toMatchObject({
      code: 'STALE_VERSION',
      message: 'The settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
    })
    expect((await adminSettings()).form).toMatchObject({ storeName: opened.form.storeName, supportReplyTime: 'one business day' })
  })

  it('of two owners saving the same version at once keeps one and tells the other, with one audit row', async () => {
    const { form, version } = await adminSettings()
    const audited = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'store_settings.update'))).length
    const before = await audited()
    const answers = await Promise.all([
      as(owner, 'PUT', { form: { ...form, instantDownloadNote: 'First' }, version }),
      as(owner, 'PUT', { form: { ...form, instantDownloadNote: 'Second' }, version }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const kept = answers.find((answer) => answer.statusCode === 200)!.json().data as AdminStoreSettings
    expect((await adminSettings()).form.instantDownloadNote).toBe(kept.form.instantDownloadNote)
    expect(await audited()).toBe(before + 1)
  })

  it('refuses a social link that is not https with a sentence naming the field', async () => {
    const { form, version } = await adminSettings()
    const response = await as(owner, 'PUT', { form: { ...form, socialLinks: [{ label: 'Blog', url: 'http://example.com/blog' }] }, version })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      message: 'A social link must be a full address that starts with https://',
      field: 'socialLinks',
    })
    const script = await as(owner, 'PUT', { form: { ...form, socialLinks: [{ label: 'Blog', url: 'javascript:alert(1)' }] }, version })
    expect(script.statusCode).toBe(400)
    const noStoreName = await as(owner, 'PUT', { form: { ...form, storeName: '   ' }, version })
    expect(noStoreName.json().error).toMatchObject({ message: "The store name can't be empty", field: 'storeName' })
    expect((await adminSettings()).version).toBe(version)
  })
})
