/**
 * The owner's products: the form's fields refused with the shared schema's words, a product
 * created and shown in the store, two admins saving one product (the second is told it
 * changed), archiving that hides a product from the store but keeps it downloadable for its
 * buyers, the list's sales and downloads, and the audit trail.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { PRODUCT_ADMIN_MESSAGES, type ProductForm } from '../../shared/contract/admin-products.ts'
import { auditLog, categories, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
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

const form = (overrides: Partial<ProductForm> = {}): ProductForm => ({
  name: 'Dusty Tape Drums',
  description: 'Breaks recorded to cassette.',
  price: '24.99',
  priceModel: 'fixed',
  minimumPrice: '',
  originalPrice: '34.99',
  categoryId,
  active: false,
  featured: false,
  isNew: true,
  tags: 'drums, lo-fi, tape',
  digitalDownload: true,
  purchaseLimit: '',
  downloadLimit: '5',
  bpm: '90',
  key: 'A minor',
  genre: 'Lo-fi Hip Hop',
  types: [],
  ...overrides,
})

function admin(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: owner.cookie }, ...(payload ? { payload } : {}) })
}

describe('the product form', () => {
  it('creates a product hidden until its file is there, then the store sells it at its price, with its tags, tempo and key', async () => {
    const refused = await admin('POST', '/api/admin/products', { form: form({ active: true }) })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({
      field: 'active',
      message: 'Add the product file before making the product active: every buyer must get a file',
    })

    const response = await admin('POST', '/api/admin/products', { form: form() })
    expect(response.statusCode).toBe(201)
    const created = response.json().data
    expect(created).toMatchObject({ name: 'Dusty Tape Drums', priceCents: 2499, active: false, version: 1, sales: 0, form: form() })
    expect((await t.app.inject(`/api/products/${created.id}`)).statusCode).toBe(404)

    // The file arrives (as an upload will store it), then the owner makes the product active.
    const [withFile] = await productsWithFiles(t, 1)
    await t.database.db.update(products).set({ fileUrl: withFile!.fileUrl, fileSize: withFile!.fileSize }).where(eq(products.id, created.id))
    const activated = await admin('PUT', `/api/admin/products/${created.id}`, { form: form({ active: true }), version: 1 })
    expect(activated.statusCode).toBe(200)

    const shown = (await t.app.inject(`/api/products/${created.id}`)).json().data
    expect(shown).toMatchObject({ name: 'Dusty Tape Drums', priceCents: 2499, downloadLimit: 5 })
    expect(shown.metadata).toMatchObject({
      originalPrice: 3499,
      isOnSale: true,
      isNew: true,
      tags: ['drums', 'lo-fi', 'tape'],
      bpm: 90,
      key: 'A minor',
      genre: 'Lo-fi Hip Hop',
      product_type: 'digital_download',
      purchase_limit: '1',
    })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, created.id), eq(auditLog.action, 'product.create')))
    expect(entry?.actorEmail).toBe(OWNER)
  })

  it.each([
    [{ price: '-5' }, 'Price must be 0 (free) or more, with at most 2 decimals'],
    [{ price: '9.999' }, 'Price must be 0 (free) or more, with at most 2 decimals'],
    [{ price: '0', originalPrice: '9.99' }, 'A free product has no original price: leave it empty'],
    [{ originalPrice: '20.00' }, 'Original price must be higher than the price (it is shown struck through)'],
    [{ purchaseLimit: '0', digitalDownload: false }, 'Purchase limit must be a whole number from 1 to 100'],
    [{ name: ' ' }, 'Name is required'],
    [{ key: 'H minor' }, 'Key must be a musical key, like "A minor", "C#m" or "D dorian"'],
    [{ types: ['drums'] }, 'Type must be one of loops, one-shots, midi, presets, instruments, tools'],
  ])('refuses %o with a 400 naming the problem', async (overrides, message) => {
    const response = await admin('POST', '/api/admin/products', { form: form(overrides) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(message)
  })

  it('keeps the key as written and the sound types, and the store filters the active product by key id and type', async () => {
    const sound = { name: 'Fractured House Kit', key: 'F# minor', types: ['loops', 'one-shots'], genre: 'House' }
    const created = (await admin('POST', '/api/admin/products', { form: form(sound) })).json().data
    expect(created.form).toMatchObject(sound)
    const [withFile] = await productsWithFiles(t, 1)
    await t.database.db.update(products).set({ fileUrl: withFile!.fileUrl, fileSize: withFile!.fileSize }).where(eq(products.id, created.id))
    expect((await admin('PUT', `/api/admin/products/${created.id}`, { form: form({ ...sound, active: true }), version: 1 })).statusCode).toBe(200)

    const [row] = await t.database.db.select({ metadata: products.metadata }).from(products).where(eq(products.id, created.id))
    expect(row!.metadata).toMatchObject({ key: 'F# minor', types: ['loops', 'one-shots'], genre: 'House' })
    const listed = (await t.app.inject('/api/products?key=F%23m&type=one-shots&limit=100')).json().data as { id: string }[]
    expect(listed.map((product) => product.id)).toContain(created.id)

    // Unticking every type takes them off the product.
    expect((await admin('PUT', `/api/admin/products/${created.id}`, { form: form({ ...sound, types: [], active: true }), version: 2 })).statusCode).toBe(200)
    const [cleared] = await t.database.db.select({ metadata: products.metadata }).from(products).where(eq(products.id, created.id))
    expect(cleared!.metadata).not.toHaveProperty('types')
  })

  it('refuses a category the store does not have, on the category field', async () => {
    const response = await admin('POST', '/api/admin/products', { form: form({ categoryId: crypto.randomUUID() }) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 'FIELD_ERROR', field: 'categoryId' })
  })
})

describe('saving over someone else', () => {
  it('tells the second of two admins who opened the same version that the product changed, and keeps the first save', async () => {
    const created = (await admin('POST', '/api/admin/products', { form: form({ name: 'Shared Pack' }) })).json().data
    const first = await admin('PUT', `/api/admin/products/${created.id}`, { form: form({ name: 'Shared Pack', price: '19.99' }), version: 1 })
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({ priceCents: 1999, version: 2 })

    const second = await admin('PUT', `/api/admin/products/${created.id}`, { form: form({ name: 'Shared Pack', price: '29.99' }), version: 1 })
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toEqual({ code: 'STALE_VERSION', status: 409, message: PRODUCT_ADMIN_MESSAGES.changed })
    const reloaded = (await admin('GET', `/api/admin/products/${created.id}`)).json()
    expect(reloaded.data).toMatchObject({ priceCents: 1999, version: 2 })
    // The history names the admin and the one field the first save changed; the refused save left no trace.
    expect(reloaded.history.map((entry: { action: string }) => entry.action)).toEqual(['product.update', 'product.create'])
    expect(reloaded.history[0]).toMatchObject({ actorEmail: OWNER, changes: [{ field: 'price', before: '24.99', after: '19.99' }] })
  })
})

describe('archiving', () => {
  it('hides the product from the store and keeps it in its buyers\u2019 hub, downloadable; the list counts its sales', async () => {
    const [product] = await productsWithFiles(t, 1)
    const buyer = await createSignedInUser(t)
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const before = (await admin('GET', `/api/admin/products/${product!.id}`)).json().data

    const archived = await admin('PUT', `/api/admin/products/${product!.id}`, { form: { ...before.form, active: false }, version: before.version })
    expect(archived.json().data.active).toBe(false)
    expect((await t.app.inject(`/api/products/${product!.id}`)).statusCode).toBe(404)

    const hub = (await t.app.inject({ method: 'GET', url: '/api/purchases', headers: { cookie: buyer.cookie } })).json().data as { productId: string }[]
    expect(hub.map((purchase) => purchase.productId)).toContain(product!.id)
    expect((await requestGrant(t, { orderItemId: order.items[0]!.id, productId: product!.id }, { user: buyer })).statusCode).toBe(200)

    const listed = (await admin('GET', '/api/admin/products?status=archived')).json().data as { id: string; sales: number; downloads: number }[]
    expect(listed.find((item) => item.id === product!.id)).toMatchObject({ sales: expect.any(Number), downloads: expect.any(Number) })
    expect(listed.find((item) => item.id === product!.id)!.sales).toBeGreaterThanOrEqual(1)
    expect(listed.find((item) => item.id === product!.id)!.downloads).toBeGreaterThanOrEqual(1)
  })

  it('lists by name and sales, and finds products by part of the name', async () => {
    const byName = (await admin('GET', '/api/admin/products?sortBy=name&sortOrder=asc')).json().data as { name: string }[]
    const names = byName.map((item) => item.name.toLowerCase())
    expect(names).toEqual([...names].sort())
    const found = (await admin('GET', '/api/admin/products?search=dusty')).json().data as { name: string }[]
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((item) => /dusty/i.test(item.name))).toBe(true)
  })
})
