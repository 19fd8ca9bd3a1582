/**
 * The owner's tax settings and rates, and the policy every shopper's page reads: the flat
 * estimate before any save (or the configured TAX_MODE), cacheable like the catalog; a save read
 * back, audited, and reaching the public policy; a save over a newer version refused (409); a
 * shopper refused (403); a mode that issues invoices refused without the seller's country and
 * legal name; an owner's rate winning over the table in the policy, and removed again.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { defaultTaxSettings, type AdminTaxRate, type AdminTaxSettings, type PublicTaxPolicy, type TaxSettingsForm } from '../../shared/contract/tax.ts'
import { createAuditService } from '../audit/audit.service.ts'
import { CATALOG_CHANNEL } from '../catalog/catalog-cache.ts'
import { auditLog, taxRates, taxSettings } from '../db/schema.ts'
import { createTaxService } from './tax.service.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
})
afterAll(async () => t?.close())

const FRENCH_SELLER: TaxSettingsForm = {
  mode: 'by-country',
  pricesIncludeTax: true,
  sellerCountry: 'FR',
  sellerLegalName: 'Audio Lab SAS',
  sellerAddress: '12 rue des Studios\n75011 Paris',
  sellerTaxNumber: 'FR40303265045',
}

const as = (user: SignedInUser, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: user.cookie }, ...(payload ? { payload } : {}) })
const adminSettings = async () => (await as(owner, 'GET', '/api/admin/tax/settings')).json().data as AdminTaxSettings
const publicPolicy = async () => (await t.app.inject({ method: 'GET', url: '/api/tax/policy' })).json().data as PublicTaxPolicy
const rateOf = (policy: PublicTaxPolicy, countryCode: string, regionCode = '') =>
  policy.rates.find((rate) => rate.countryCode === countryCode && rate.regionCode === regionCode)

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return
  throw new Error('the change was not seen within 2 s')
}

describe('the tax settings before the owner saves any', () => {
  it('are the flat 8 % estimate for every buyer, cacheable like the catalog', async () => {
    expect(await t.database.db.select().from(taxSettings)).toEqual([])
    const response = await t.app.inject({ method: 'GET', url: '/api/tax/policy' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
    expect(response.json().data).toEqual({ policy: { mode: 'flat', pricesIncludeTax: false, sellerCountry: null, overrides: [] }, rates: [] })
    const again = await t.app.inject({ method: 'GET', url: '/api/tax/policy', headers: { 'if-none-match': String(response.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('are the form the owner opens, at version 1, with no seller yet', async () => {
    expect(await adminSettings()).toEqual({ form: defaultTaxSettings('flat'), version: 1, updatedAt: null, stripeTaxAvailable: false })
  })

  it('follow the configured TAX_MODE until the owner saves', async () => {
    const tax = createTaxService({
      db: t.database.db,
      config: { defaultMode: 'by-country', viesUrl: null, geoipDatabase: undefined },
      stripeTaxAvailable: false,
      audit: createAuditService(t.database.db),
      changeChannel: CATALOG_CHANNEL,
      log: { warn: () => {}, error: () => {} },
    })
    expect((await tax.settings()).form.mode).toBe('by-country')
    expect(await tax.policy()).toEqual({ mode: 'by-country', pricesIncludeTax: false, sellerCountry: null, overrides: [] })
    const { rates } = await tax.publicPolicy()
    expect(rates.find((rate) => rate.countryCode === 'DE')).toEqual({ countryCode: 'DE', regionCode: '', rateBasisPoints: 1900, label: 'VAT 19%' })
  })
})

describe('saving the tax settings', () => {
  it('is refused to a shopper (403) and to a guest (401)', async () => {
    expect((await as(shopper, 'GET', '/api/admin/tax/settings')).statusCode).toBe(403)
    expect((await as(shopper, 'PUT', '/api/admin/tax/settings', { form: FRENCH_SELLER, version: 1 })).statusCode).toBe(403)
    const guest = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tax/settings',
      headers: { origin: t.config.publicUrl },
      payload: { form: FRENCH_SELLER, version: 1 },
    })
    expect(guest.statusCode).toBe(401)
    expect(await t.database.db.select().from(taxSettings)).toEqual([])
  })

  it("refuses taxing by country without the seller's country and legal name, with a sentence", async () => {
    const noCountry = await as(owner, 'PUT', '/api/admin/tax/settings', { form: { ...FRENCH_SELLER, sellerCountry: '' }, version: 1 })
    expect(noCountry.statusCode).toBe(400)
    expect(noCountry.json().error).toMatchObject({ message: "Choose the seller's country: invoices and the buyer's tax depend on it." })
    const noName = await as(owner, 'PUT', '/api/admin/tax/settings', { form: { ...FRENCH_SELLER, mode: 'stripe', sellerLegalName: ' ' }, version: 1 })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().error).toMatchObject({ message: "Enter the seller's legal name: every invoice must carry it." })
    expect((await adminSettings()).version).toBe(1)
  })

  it('saves the form, reads it back, audits the change and answers the new policy to every shopper', async () => {
    const saved = await as(owner, 'PUT', '/api/admin/tax/settings', { form: FRENCH_SELLER, version: 1 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ form: FRENCH_SELLER, version: 2 })
    expect(await adminSettings()).toMatchObject({ form: FRENCH_SELLER, version: 2, updatedAt: expect.any(String) })
    const [row] = await t.database.db.select().from(taxSettings)
    expect(row).toMatchObject({ mode: 'by-country', pricesIncludeTax: true, sellerCountry: 'FR', sellerLegalName: 'Audio Lab SAS' })

    await eventually(async () => (await publicPolicy()).policy.mode === 'by-country')
    const policy = await publicPolicy()
    expect(policy.policy).toEqual({ mode: 'by-country', pricesIncludeTax: true, sellerCountry: 'FR', overrides: [] })
    expect(rateOf(policy, 'DE')).toMatchObject({ rateBasisPoints: 1900, label: 'VAT 19%' })
    expect(rateOf(policy, 'CA', 'ON')).toMatchObject({ rateBasisPoints: 1300, label: 'HST 13%' })

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax_settings.update'))
    expect(entry).toMatchObject({ actorEmail: OWNER, subjectType: 'tax_settings' })
    expect(entry!.before).toMatchObject({ mode: 'flat', sellerCountry: '', pricesIncludeTax: false })
    expect(entry!.after).toMatchObject({ mode: 'by-country', sellerCountry: 'FR', pricesIncludeTax: true })
  })

  it('over a version someone else saved since is refused with 409 STALE_VERSION, and changes nothing', async () => {
    const stale = await as(owner, 'PUT', '/api/admin/tax/settings', { form: { ...FRENCH_SELLER, mode: 'flat' }, version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toEqual({
      code: 'STALE_VERSION',
      status: 409,
      message: 'The tax settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
    })
    expect(await adminSettings()).toMatchObject({ form: { mode: 'by-country' }, version: 2 })
  })
})

describe('two owners saving the same version at once', () => {
  it('keeps one save and tells the other, with one audit row', async () => {
    const { form, version } = await adminSettings()
    const audited = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax_settings.update'))).length
    const before = await audited()
    const answers = await Promise.all([
      as(owner, 'PUT', '/api/admin/tax/settings', { form: { ...form, sellerTaxNumber: 'FIRST' }, version }),
      as(owner, 'PUT', '/api/admin/tax/settings', { form: { ...form, sellerTaxNumber: 'SECOND' }, version }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const kept = answers.find((answer) => answer.statusCode === 200)!.json().data as AdminTaxSettings
    expect((await adminSettings()).form.sellerTaxNumber).toBe(kept.form.sellerTaxNumber)
    expect(await audited()).toBe(before + 1)
  })
})

describe("the owner's rates", () => {
  const rates = async () => (await as(owner, 'GET', '/api/admin/tax/rates')).json().data.rates as AdminTaxRate[]
  const rowOf = (list: AdminTaxRate[], countryCode: string, regionCode = '') =>
    list.find((row) => row.countryCode === countryCode && row.regionCode === regionCode)

  it("list the table's rate for each place, with no rate of the owner's yet", async () => {
    const list = await rates()
    expect(rowOf(list, 'DE')).toEqual({ countryCode: 'DE', regionCode: '', table: { rateBasisPoints: 1900, label: 'VAT 19%' }, override: null })
    expect(rowOf(list, 'US', 'CA')).toMatchObject({ table: { rateBasisPoints: 0 }, override: null })
    expect((await as(shopper, 'GET', '/api/admin/tax/rates')).statusCode).toBe(403)
  })

  it("win over the table in the policy once saved, audited, and the table's applies again once removed", async () => {
    const saved = await as(owner, 'PUT', '/api/admin/tax/rates', { countryCode: 'de', rateBasisPoints: 2000, label: 'VAT 20%' })
    expect(saved.statusCode).toBe(200)
    expect(rowOf(saved.json().data.rates, 'DE')).toMatchObject({
      table: { rateBasisPoints: 1900 },
      override: { rateBasisPoints: 2000, label: 'VAT 20%', updatedBy: OWNER },
    })
    expect(await t.database.db.select().from(taxRates)).toMatchObject([{ countryCode: 'DE', regionCode: '', rateBasisPoints: 2000 }])

    await eventually(async () => rateOf(await publicPolicy(), 'DE')?.rateBasisPoints === 2000)
    expect((await publicPolicy()).policy.overrides).toEqual([{ countryCode: 'DE', regionCode: '', rateBasisPoints: 2000, label: 'VAT 20%' }])
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax_rate.save'))
    expect(entry).toMatchObject({
      actorEmail: OWNER,
      subjectType: 'tax_rate',
      subjectId: 'DE',
      before: null,
      after: { rateBasisPoints: 2000, label: 'VAT 20%' },
    })

    const removed = await as(owner, 'DELETE', '/api/admin/tax/rates/DE')
    expect(removed.statusCode).toBe(200)
    expect(rowOf(removed.json().data.rates, 'DE')!.override).toBeNull()
    await eventually(async () => rateOf(await publicPolicy(), 'DE')?.rateBasisPoints === 1900)
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax_rate.delete'))).toHaveLength(1)

    const again = await as(owner, 'DELETE', '/api/admin/tax/rates/DE')
    expect(again.statusCode).toBe(404)
    expect(again.json().error.message).toBe('There is no rate of yours for that place to remove.')
  })

  it('for a region apply to that region only, and refuse a region the country does not have', async () => {
    const saved = await as(owner, 'PUT', '/api/admin/tax/rates', { countryCode: 'US', regionCode: 'CA', rateBasisPoints: 725, label: 'Sales tax 7.25%' })
    expect(saved.statusCode).toBe(200)
    await eventually(async () => rateOf(await publicPolicy(), 'US', 'CA')?.rateBasisPoints === 725)
    expect(rateOf(await publicPolicy(), 'US', 'NY')?.rateBasisPoints).toBe(0)
    expect((await as(owner, 'DELETE', '/api/admin/tax/rates/US?region=CA')).statusCode).toBe(200)

    const unknown = await as(owner, 'PUT', '/api/admin/tax/rates', { countryCode: 'US', regionCode: 'ZZ', rateBasisPoints: 500, label: 'Sales tax 5%' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toBe('Choose a region of that country, or none')
    const tooHigh = await as(owner, 'PUT', '/api/admin/tax/rates', { countryCode: 'FR', rateBasisPoints: 10_001, label: 'VAT' })
    expect(tooHigh.json().error.message).toBe('Enter the rate as a percentage from 0 to 100')
    expect(await t.database.db.select().from(taxRates)).toEqual([])
  })
})
