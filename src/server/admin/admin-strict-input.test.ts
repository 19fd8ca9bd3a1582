/**
 * Bad input on the owner's API, as a signed-in admin: impossible dates (2026-13-45, 0000-00-00,
 * 2026-02-31, "yesterday") and impossible numbers (-1, 1.5, 1e9, "abc", huge) on every admin
 * route that takes a date or a number are a 400 in the API's error shape whose message names the
 * field; unknown body fields and malformed ids too. And the optimistic lock of products,
 * categories and promo codes: a save must name its version (400 without), an older one is a 409
 * that changes nothing, the right one saves and counts one more, and every create starts at 1.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { CATEGORY_ADMIN_MESSAGES } from '../../shared/contract/admin-categories.ts'
import { EMPTY_PRODUCT_FORM, PRODUCT_ADMIN_MESSAGES, type ProductForm } from '../../shared/contract/admin-products.ts'
import { PROMO_ADMIN_MESSAGES, type PromoCodeForm, type PromoCodeFormInput } from '../../shared/contract/admin-promo-codes.ts'
import { isCalendarDate, isIsoDateTime, VERSION_MESSAGES } from '../../shared/contract/strict-input.ts'
import { categories, products, promoCodes } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const SOME_ID = '00000000-0000-4000-8000-000000000000'
const IMPOSSIBLE_DAYS = ['2026-13-45', '0000-00-00', '2026-02-31', '2026-02-29', 'yesterday', '2026-3-1', '20260301']
/** As a query string carries them. */
const IMPOSSIBLE_QUERY_NUMBERS = ['-1', '1.5', '1e9', 'abc', '99999999999999999999', '0x10', '']
/** As a JSON body carries them. */
const IMPOSSIBLE_BODY_NUMBERS: unknown[] = [-1, 0, 1.5, 1e9, 'abc', '2', 1e300, true, null]

let t: TestApp
let owner: SignedInUser
let categoryId: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  const [category] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'sample-packs'))
  categoryId = category!.id
})
afterAll(async () => t?.close())

function admin(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.config.publicUrl, cookie: owner.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

/** The answer is the API's 400 with this message, about this field. */
async function expectRefused(response: ReturnType<typeof admin>, message: string, field?: string) {
  const answered = await response
  expect({ status: answered.statusCode, body: answered.json() }).toEqual({
    status: 400,
    body: { error: { message, status: 400, code: 'VALIDATION_ERROR', ...(field ? { field } : {}) } },
  })
}

const productForm = (overrides: Partial<ProductForm> = {}): ProductForm => ({
  ...EMPTY_PRODUCT_FORM,
  name: 'Strict Input Drums',
  price: '19.99',
  categoryId,
  ...overrides,
})

const promoForm = (overrides: Partial<PromoCodeForm> = {}): PromoCodeFormInput => ({
  code: `strict${Math.random().toString(36).slice(2, 8)}`,
  percentOff: '10',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  minSubtotal: '',
  active: true,
  ...overrides,
})

describe('the shared parsers', () => {
  it('take a day only when it exists in the calendar, and a time only on such a day', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31', '1999-01-01'].every(isCalendarDate)).toBe(true)
    expect(IMPOSSIBLE_DAYS.some(isCalendarDate)).toBe(false)
    expect(['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z', '2026-03-01T09:30+02:00'].every(isIsoDateTime)).toBe(true)
    expect(
      ['2026-02-31T10:00:00Z', '2026-13-45T00:00:00Z', '0000-00-00T00:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01', 'yesterday', '1'].some(isIsoDateTime),
    ).toBe(false)
  })
})

describe('dates', () => {
  it.each(['from', 'to'])('GET /api/admin/orders refuses an impossible %s, naming it', async (param) => {
    for (const day of IMPOSSIBLE_DAYS) {
      await expectRefused(admin('GET', `/api/admin/orders?${param}=${day}`), `${param} must be a real date (YYYY-MM-DD)`, param)
    }
  })

  it('GET /api/admin/orders takes real days, a leap day and an empty filter', async () => {
    for (const query of ['from=2026-02-28&to=2026-03-01', 'from=2028-02-29', 'from=&to=', 'to=2026-12-31']) {
      expect((await admin('GET', `/api/admin/orders?${query}`)).statusCode).toBe(200)
    }
  })

  it.each([['2026-02-31T10:00:00.000Z'], ['2026-13-45T00:00:00.000Z'], ['0000-00-00T00:00:00.000Z'], ['yesterday'], ['1']])(
    'a promo code\u2019s Starts and Ends refuse %s and nothing is saved',
    async (moment) => {
      const form = promoForm()
      await expectRefused(admin('POST', '/api/admin/promo-codes', { form: { ...form, startsAt: moment } }), 'Starts must be a date and time', 'startsAt')
      await expectRefused(admin('POST', '/api/admin/promo-codes', { form: { ...form, endsAt: moment } }), 'Ends must be a date and time', 'endsAt')
      expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, form.code.toUpperCase()))).toEqual([])
    },
  )
})

describe('numbers', () => {
  it.each([
    ['/api/admin/orders', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/admin/orders', 'offset', 'offset must be a whole number from 0 to 100000'],
    ['/api/admin/customers', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/admin/customers', 'offset', 'offset must be a whole number from 0 to 1000000'],
  ])('GET %s refuses an impossible %s, naming it', async (path, param, message) => {
    for (const value of IMPOSSIBLE_QUERY_NUMBERS) {
      await expectRefused(admin('GET', `${path}?${param}=${encodeURIComponent(value)}`), message, param)
    }
    // Past the bound, and given twice.
    await expectRefused(admin('GET', `${path}?${param}=10000001`), message, param)
    await expectRefused(admin('GET', `${path}?${param}=1&${param}=2`), message, param)
    expect((await admin('GET', `${path}?${param}=1`)).statusCode).toBe(200)
  })

  it('POST /api/admin/orders/{id}/items/{itemId}/downloads refuses an impossible count before looking the item up', async () => {
    for (const downloads of [...IMPOSSIBLE_BODY_NUMBERS, 101]) {
      await expectRefused(
        admin('POST', `/api/admin/orders/${SOME_ID}/items/${SOME_ID}/downloads`, { downloads }),
        'Downloads to add must be a whole number from 1 to 100',
        'downloads',
      )
    }
    await expectRefused(
      admin('POST', `/api/admin/orders/${SOME_ID}/items/${SOME_ID}/downloads`, {}),
      'Downloads to add must be a whole number from 1 to 100',
      'downloads',
    )
    // A good count reaches the order: this one does not exist.
    expect((await admin('POST', `/api/admin/orders/${SOME_ID}/items/${SOME_ID}/downloads`, { downloads: 2 })).statusCode).toBe(404)
  })

  it('the product form refuses impossible prices, download limits, purchase limits and tempos, naming the field', async () => {
    const cases: [Partial<ProductForm>, string, string][] = []
    for (const value of ['-1', 'abc', '1e9', '99999999999', '0', '1.999']) {
      // 0 is a free product's price; never an original price.
      if (value !== '0') cases.push([{ price: value }, 'price', 'Price must be 0 (free) or more, with at most 2 decimals'])
      cases.push([{ originalPrice: value }, 'originalPrice', 'Original price must be more than $0 with at most 2 decimals'])
    }
    for (const value of ['-1', '1.5', '1e9', 'abc', '99999999999999999999']) {
      cases.push([{ downloadLimit: value }, 'downloadLimit', 'Download limit must be a whole number from 1 to 100'])
      cases.push([{ purchaseLimit: value, digitalDownload: false }, 'purchaseLimit', 'Purchase limit must be a whole number from 1 to 100'])
      cases.push([{ bpm: value }, 'bpm', 'BPM must be a whole number from 20 to 400'])
    }
    for (const [overrides, field, message] of cases) {
      await expectRefused(admin('POST', '/api/admin/products', { form: productForm(overrides) }), message, field)
    }
  })

  it('a promo code refuses an impossible percent off, max uses or minimum subtotal, naming the field', async () => {
    for (const value of ['-1', '1.5', '1e9', 'abc', '99999999999999999999']) {
      await expectRefused(
        admin('POST', '/api/admin/promo-codes', { form: promoForm({ percentOff: value }) }),
        'Percent off must be a whole number from 1 to 100',
        'percentOff',
      )
      await expectRefused(
        admin('POST', '/api/admin/promo-codes', { form: promoForm({ maxUses: value }) }),
        'Max uses must be a whole number from 1 to 1000000',
        'maxUses',
      )
    }
    for (const value of ['-1', 'abc', '1e9', '99999999999']) {
      await expectRefused(
        admin('POST', '/api/admin/promo-codes', { form: promoForm({ minSubtotal: value }) }),
        'Minimum subtotal must be an amount in dollars with at most 2 decimals',
        'minSubtotal',
      )
    }
  })

  it.each([
    ['PUT', '/api/admin/products/{id}', () => ({ form: productForm() })],
    ['PATCH', '/api/admin/categories/{id}', () => ({ name: 'Renamed' })],
    ['PUT', '/api/admin/promo-codes/{id}', () => ({ form: promoForm() })],
  ] as const)('%s %s refuses an impossible version and a save without one', async (method, path, body) => {
    const url = path.replace('{id}', SOME_ID)
    for (const version of [-1, 0, 1.5, 'abc', '1', 1e12, null]) {
      await expectRefused(admin(method, url, { ...body(), version }), VERSION_MESSAGES.invalid, 'version')
    }
    await expectRefused(admin(method, url, body()), VERSION_MESSAGES.required, 'version')
  })
})

describe('everything else on the owner\u2019s API', () => {
  it('refuses an enum value that is not one, naming the field', async () => {
    await expectRefused(
      admin('GET', '/api/admin/orders?status=SHIPPED'),
      'status must be one of PENDING, COMPLETED, FAILED, CANCELLED, REFUNDED, PARTIALLY_REFUNDED, DISPUTED',
      'status',
    )
    await expectRefused(admin('GET', '/api/admin/products?sortBy=colour'), 'sortBy must be one of name, price, sales, updated', 'sortBy')
    await expectRefused(admin('GET', '/api/admin/products?status=deleted'), 'status must be one of all, active, archived', 'status')
    await expectRefused(
      admin('POST', '/api/admin/products', { form: productForm({ types: ['drums'] }) }),
      'Type must be one of loops, one-shots, midi, presets, instruments, tools',
      'types',
    )
  })

  it('refuses text past its length', async () => {
    await expectRefused(admin('GET', `/api/admin/orders?email=${'a'.repeat(201)}`), 'email must be at most 200 characters', 'email')
    await expectRefused(admin('GET', `/api/admin/customers?search=${'a'.repeat(201)}`), 'search must be at most 200 characters', 'search')
    await expectRefused(admin('POST', `/api/admin/orders/${SOME_ID}/refund`, { reason: 'a'.repeat(501) }), 'reason must be at most 500 characters', 'reason')
    await expectRefused(admin('POST', '/api/admin/categories', { name: 'a'.repeat(81) }), 'Name must be at most 80 characters', 'name')
  })

  it('refuses a body field it does not know, at the top and inside the form', async () => {
    await expectRefused(admin('POST', '/api/admin/products', { form: productForm(), colour: 'red' }), 'Unknown field "colour"')
    await expectRefused(admin('POST', '/api/admin/products', { form: { ...productForm(), colour: 'red' } }), 'Unknown field "colour" in form', 'form')
    await expectRefused(admin('POST', '/api/admin/categories', { name: 'Field Kits', position: 3 }), 'Unknown field "position"')
    await expectRefused(admin('POST', '/api/admin/promo-codes', { form: promoForm(), version: 1 }), 'Unknown field "version"')
    await expectRefused(admin('POST', `/api/admin/orders/${SOME_ID}/items/${SOME_ID}/downloads`, { downloads: 1, forever: true }), 'Unknown field "forever"')
    await expectRefused(admin('POST', `/api/admin/orders/${SOME_ID}/refund`, { amountCents: 100 }), 'Unknown field "amountCents"')
    await expectRefused(admin('PUT', '/api/admin/categories/order', { ids: [categoryId], all: true }), 'Unknown field "all"')
    await expectRefused(admin('PUT', `/api/admin/products/${SOME_ID}/cover`, { uploadId: 'f'.repeat(32), crop: true }), 'Unknown field "crop"')
  })

  it('refuses a body of the wrong kind, naming what is missing or mistyped', async () => {
    await expectRefused(admin('POST', '/api/admin/products', {}), 'form is required', 'form')
    await expectRefused(admin('POST', '/api/admin/products', { form: { ...productForm(), active: 'yes' } }), 'form.active must be true or false', 'active')
    await expectRefused(
      admin('POST', `/api/admin/orders/${SOME_ID}/refund`, { orderItemIds: ['not-an-item'] }),
      'orderItemIds must be a record id (UUID)',
      'orderItemIds',
    )
  })

  it('refuses an address whose id is not one', async () => {
    await expectRefused(admin('GET', '/api/admin/orders/1 OR 1=1'.replace(/ /g, '%20')), 'id must be a record id (UUID)', 'id')
    await expectRefused(admin('GET', '/api/admin/products/not-a-product'), 'id must be a record id (UUID)', 'id')
    await expectRefused(admin('POST', `/api/admin/orders/${SOME_ID}/items/item-1/downloads`, { downloads: 1 }), 'itemId must be a record id (UUID)', 'itemId')
    await expectRefused(admin('PUT', '/api/admin/promo-codes/abc', { form: promoForm(), version: 1 }), 'id must be a record id (UUID)', 'id')
    const upload = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/uploads/not-an-upload',
      headers: {
        origin: t.config.publicUrl,
        cookie: owner.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('bytes'),
    })
    expect({ status: upload.statusCode, body: upload.json() }).toEqual({
      status: 400,
      body: { error: { message: 'uploadId must be the id of an upload (32 hex digits)', status: 400, code: 'VALIDATION_ERROR', field: 'uploadId' } },
    })
  })
})

describe('saving over a version', () => {
  it('a product: starts at 1; a stale version is a 409 that changes nothing; the right one saves and counts one more', async () => {
    const created = (await admin('POST', '/api/admin/products', { form: productForm({ name: 'Versioned Drums' }) })).json().data
    expect(created.version).toBe(1)
    const saved = await admin('PUT', `/api/admin/products/${created.id}`, { form: productForm({ name: 'Versioned Drums', price: '21.00' }), version: 1 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ version: 2, priceCents: 2100 })

    const stale = await admin('PUT', `/api/admin/products/${created.id}`, { form: productForm({ name: 'Versioned Drums', price: '5.00' }), version: 1 })
    expect(stale.json()).toEqual({ error: { message: PRODUCT_ADMIN_MESSAGES.changed, status: 409, code: 'STALE_VERSION' } })
    const missing = await admin('PUT', `/api/admin/products/${created.id}`, { form: productForm({ name: 'Versioned Drums', price: '5.00' }) })
    expect(missing.statusCode).toBe(400)
    const [row] = await t.database.db.select({ priceCents: products.priceCents, version: products.version }).from(products).where(eq(products.id, created.id))
    expect(row).toEqual({ priceCents: 2100, version: 2 })

    expect(
      (await admin('PUT', `/api/admin/products/${created.id}`, { form: productForm({ name: 'Versioned Drums', price: '5.00' }), version: 2 })).json().data,
    ).toMatchObject({ version: 3, priceCents: 500 })
  })

  it('a category: starts at 1, listed with its version; a stale version is a 409 that changes nothing; the right one saves and counts one more', async () => {
    const created = (await admin('POST', '/api/admin/categories', { name: 'Versioned Kits' })).json().data
    expect(created.version).toBe(1)
    const first = await admin('PATCH', `/api/admin/categories/${created.id}`, { name: 'Versioned Kits II', version: 1 })
    expect(first.json().data).toMatchObject({ name: 'Versioned Kits II', version: 2 })

    const stale = await admin('PATCH', `/api/admin/categories/${created.id}`, { name: 'Overwritten', version: 1 })
    expect(stale.json()).toEqual({ error: { message: CATEGORY_ADMIN_MESSAGES.changed, status: 409, code: 'STALE_VERSION' } })
    await expectRefused(admin('PATCH', `/api/admin/categories/${created.id}`, { name: 'Overwritten' }), VERSION_MESSAGES.required, 'version')
    const listed = ((await admin('GET', '/api/admin/categories')).json().data as { id: string; name: string; version: number }[]).find(
      (category) => category.id === created.id,
    )
    expect(listed).toMatchObject({ name: 'Versioned Kits II', version: 2 })

    expect((await admin('PATCH', `/api/admin/categories/${created.id}`, { description: 'Kits.', version: 2 })).json().data).toMatchObject({
      name: 'Versioned Kits II',
      description: 'Kits.',
      version: 3,
    })
    const [row] = await t.database.db.select({ version: categories.version }).from(categories).where(eq(categories.id, created.id))
    expect(row!.version).toBe(3)
  })

  it('a promo code: starts at 1, listed with its version; a stale version is a 409 that changes nothing; the right one saves and counts one more', async () => {
    const form = promoForm({ percentOff: '10' })
    const created = (await admin('POST', '/api/admin/promo-codes', { form })).json().data
    expect(created.version).toBe(1)
    const first = await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, percentOff: '20' }, version: 1 })
    expect(first.json().data).toMatchObject({ percentOff: 20, version: 2 })

    const stale = await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, active: false }, version: 1 })
    expect(stale.json()).toEqual({ error: { message: PROMO_ADMIN_MESSAGES.changed, status: 409, code: 'STALE_VERSION' } })
    await expectRefused(
      admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, active: false } }),
      VERSION_MESSAGES.required,
      'version',
    )
    const listed = ((await admin('GET', '/api/admin/promo-codes')).json().data as { id: string; active: boolean; percentOff: number; version: number }[]).find(
      (code) => code.id === created.id,
    )
    expect(listed).toMatchObject({ active: true, percentOff: 20, version: 2 })

    expect(
      (await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, percentOff: '20', active: false }, version: 2 })).json().data,
    ).toMatchObject({ active: false, version: 3 })
    const [row] = await t.database.db.select({ version: promoCodes.version, active: promoCodes.active }).from(promoCodes).where(eq(promoCodes.id, created.id))
    expect(row).toEqual({ version: 3, active: false })
  })
})
