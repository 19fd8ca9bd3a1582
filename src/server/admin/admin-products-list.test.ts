/**
 * The owner's product list and its actions: each row's sales (paid, refunds left out), downloads
 * and running sale price; duplicating a product into a hidden copy without its file; archiving
 * or activating several at once, all or none, each change audited and at once out of the store.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminProduct } from '../../shared/contract/admin-products.ts'
import { auditLog, downloads, orderItems, orders, productFileVersions, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
})
afterAll(async () => t?.close())

function admin(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, cookie = owner.cookie) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie }, ...(payload ? { payload } : {}) })
}

async function listed(id: string): Promise<AdminProduct> {
  const list = (await admin('GET', '/api/admin/products')).json().data as AdminProduct[]
  return list.find((item) => item.id === id)!
}

/** What the storefront's list holds among these products (by name, as a shopper searches). */
async function inStore(product: { id: string; name: string }): Promise<boolean> {
  const found = (await t.app.inject(`/api/products?search=${encodeURIComponent(product.name)}&limit=100`)).json().data as { id: string }[]
  return found.some((item) => item.id === product.id)
}

describe('the product list', () => {
  it('counts the units of paid orders, not the refunded one, and every download granted', async () => {
    const [, product] = await productsWithFiles(t, 2)
    const before = await listed(product!.id)
    const buyer = await createSignedInUser(t)
    const first = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const refunded = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    // As a full refund leaves it: the order REFUNDED, its item's access revoked.
    await t.database.db.update(orders).set({ status: 'REFUNDED', refundedCents: product!.priceCents }).where(eq(orders.id, refunded.orderId))
    await t.database.db.update(orderItems).set({ access: 'revoked', accessReason: 'refunded' }).where(eq(orderItems.orderId, refunded.orderId))
    expect((await requestGrant(t, { orderItemId: first.items[0]!.id, productId: product!.id }, { user: buyer })).statusCode).toBe(200)
    expect((await requestGrant(t, { orderItemId: first.items[0]!.id, productId: product!.id }, { user: buyer })).statusCode).toBe(200)

    const after = await listed(product!.id)
    expect(after.sales - before.sales).toBe(2)
    expect(after.downloads - before.downloads).toBe(2)
    expect(after).toMatchObject({ priceCents: product!.priceCents, sale: null, media: { coverUrl: product!.imageUrl } })
  })
})

describe('duplicating a product', () => {
  it('makes a hidden copy named "(copy)" with the same fields, no file, sales or downloads, audited with its source; the original is unchanged', async () => {
    const [source] = await productsWithFiles(t, 1)
    const buyer = await createSignedInUser(t)
    await createCompletedOrder(t, { userId: buyer.id, productIds: [source!.id] })
    const original = (await admin('GET', `/api/admin/products/${source!.id}`)).json().data as AdminProduct

    const response = await admin('POST', `/api/admin/products/${source!.id}/duplicate`)
    expect(response.statusCode).toBe(201)
    const copy = response.json().data as AdminProduct
    expect(copy.id).not.toBe(source!.id)
    expect(copy).toMatchObject({ name: `${source!.name} (copy)`, active: false, sales: 0, downloads: 0, version: 1, priceCents: source!.priceCents })
    expect(copy.form).toEqual({ ...original.form, name: `${source!.name} (copy)`, active: false })
    expect(copy.media.file).toBeNull()
    // Demo art is never deleted, so the copy shares the cover.
    expect(copy.media.coverUrl).toBe(source!.imageUrl)

    const [row] = await t.database.db.select().from(products).where(eq(products.id, copy.id))
    expect(row).toMatchObject({ fileUrl: null, liveFileVersion: null, bpm: source!.bpm, genre: source!.genre, musicKey: source!.musicKey })
    expect(await t.database.db.select().from(productFileVersions).where(eq(productFileVersions.productId, copy.id))).toEqual([])
    expect(await t.database.db.select().from(downloads).where(eq(downloads.productId, copy.id))).toEqual([])
    // Hidden: the store does not show it, and without a file it cannot be activated.
    expect((await t.app.inject(`/api/products/${copy.id}`)).statusCode).toBe(404)

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, copy.id), eq(auditLog.action, 'product.duplicate')))
    expect(entry).toMatchObject({ actorEmail: OWNER, before: null })
    expect(entry!.after).toMatchObject({ sourceId: source!.id, name: `${source!.name} (copy)` })

    const unchanged = (await admin('GET', `/api/admin/products/${source!.id}`)).json().data as AdminProduct
    expect(unchanged).toMatchObject({ name: original.name, version: original.version, active: original.active, sales: original.sales })
    expect(unchanged.media.file).not.toBeNull()

    // A second copy gets an address of its own too.
    const again = (await admin('POST', `/api/admin/products/${source!.id}/duplicate`)).json().data as AdminProduct
    expect(again.id).not.toBe(copy.id)
  })

  it('does not share a cover the store uploaded for the original (replacing it there would delete it)', async () => {
    const [source] = await productsWithFiles(t, 1)
    const uploaded = `/media/products/${source!.id}/cover-abcd1234-640.webp`
    await t.database.db.update(products).set({ imageUrl: uploaded }).where(eq(products.id, source!.id))
    const copy = (await admin('POST', `/api/admin/products/${source!.id}/duplicate`)).json().data as AdminProduct
    expect(copy.media.coverUrl).toBeNull()
  })

  it('answers 404 for an unknown product and 403 for a signed-in shopper', async () => {
    expect((await admin('POST', `/api/admin/products/${crypto.randomUUID()}/duplicate`)).statusCode).toBe(404)
    const shopper = await createSignedInUser(t)
    const [source] = await productsWithFiles(t, 1)
    expect((await admin('POST', `/api/admin/products/${source!.id}/duplicate`, undefined, shopper.cookie)).statusCode).toBe(403)
  })
})

describe('archiving or activating several products', () => {
  it('changes none of them when one id is unknown', async () => {
    const chosen = (await productsWithFiles(t, 4)).slice(2)
    const before = await t.database.db
      .select({ id: products.id, isActive: products.isActive, version: products.version })
      .from(products)
      .where(
        inArray(
          products.id,
          chosen.map((product) => product.id),
        ),
      )
    const response = await admin('POST', '/api/admin/products/bulk-status', {
      ids: [...chosen.map((product) => product.id), crypto.randomUUID()],
      status: 'archived',
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toMatchObject({ status: 404, message: 'One of the chosen products does not exist: nothing was changed' })
    const after = await t.database.db
      .select({ id: products.id, isActive: products.isActive, version: products.version })
      .from(products)
      .where(
        inArray(
          products.id,
          chosen.map((product) => product.id),
        ),
      )
    expect(after).toEqual(expect.arrayContaining(before))
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(
          inArray(
            auditLog.subjectId,
            chosen.map((product) => product.id),
          ),
        ),
    ).toEqual([])
  })

  it('archives them all in one go: the store no longer lists them, each change is audited, and activating brings them back', async () => {
    const chosen = (await productsWithFiles(t, 7)).slice(4)
    const ids = chosen.map((product) => product.id)
    for (const product of chosen) expect(await inStore(product)).toBe(true)

    const response = await admin('POST', '/api/admin/products/bulk-status', { ids, status: 'archived' })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({ changed: 3, unchanged: 0 })
    // The store's cached answers are cleared by the database's change notification, which PostgreSQL delivers a moment later.
    for (const product of chosen) await expect.poll(() => inStore(product)).toBe(false)
    expect((await t.app.inject(`/api/products/${ids[0]}`)).statusCode).toBe(404)
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.subjectId, ids), eq(auditLog.action, 'product.archive')))
    expect(entries).toHaveLength(3)
    expect(entries[0]).toMatchObject({ actorEmail: OWNER, before: { status: 'active' }, after: { status: 'archived' } })

    const back = await admin('POST', '/api/admin/products/bulk-status', { ids: [...ids, ids[0]], status: 'active' })
    expect(back.json().data).toEqual({ changed: 3, unchanged: 0 })
    for (const product of chosen) await expect.poll(() => inStore(product)).toBe(true)
  })

  it('counts as a save: an admin editing a product archived since is told it changed instead of making it active again', async () => {
    const [, , , , , , , product] = await productsWithFiles(t, 8)
    const opened = (await admin('GET', `/api/admin/products/${product!.id}`)).json().data as AdminProduct
    expect((await admin('POST', '/api/admin/products/bulk-status', { ids: [product!.id], status: 'archived' })).statusCode).toBe(200)
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product!.id}`,
      headers: { origin: t.config.publicUrl, cookie: owner.cookie },
      payload: { form: opened.form, version: opened.version },
    })
    expect(save.statusCode).toBe(409)
    expect((await listed(product!.id)).active).toBe(false)
  })

  it('takes two admins changing the same products at once one after the other: no deadlock, one audit entry per real change', async () => {
    const chosen = (await productsWithFiles(t, 10)).slice(8)
    const ids = chosen.map((product) => product.id)
    const [archived, activated] = await Promise.all([
      admin('POST', '/api/admin/products/bulk-status', { ids, status: 'archived' }),
      admin('POST', '/api/admin/products/bulk-status', { ids: [...ids].reverse(), status: 'active' }),
    ])
    expect([archived.statusCode, activated.statusCode]).toEqual([200, 200])
    const changes = archived.json().data.changed + activated.json().data.changed
    const entries = await t.database.db.select().from(auditLog).where(inArray(auditLog.subjectId, ids))
    expect(entries).toHaveLength(changes)
    const rows = await t.database.db.select({ isActive: products.isActive }).from(products).where(inArray(products.id, ids))
    // Whichever ran last decided, for both products alike.
    expect(new Set(rows.map((row) => row.isActive)).size).toBe(1)
  })

  it('refuses to activate a product without its file, changing nothing', async () => {
    const [withFile] = await productsWithFiles(t, 1)
    const copy = (await admin('POST', `/api/admin/products/${withFile!.id}/duplicate`)).json().data as AdminProduct
    await admin('POST', '/api/admin/products/bulk-status', { ids: [withFile!.id], status: 'archived' })
    const response = await admin('POST', '/api/admin/products/bulk-status', { ids: [withFile!.id, copy.id], status: 'active' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(copy.name)
    expect((await listed(withFile!.id)).active).toBe(false)
  })

  it('refuses more than 100 ids and a status it does not know', async () => {
    const many = Array.from({ length: 101 }, () => crypto.randomUUID())
    const tooMany = await admin('POST', '/api/admin/products/bulk-status', { ids: many, status: 'archived' })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.message).toContain('Choose at most 100 products at once')
    const [product] = await productsWithFiles(t, 1)
    const unknown = await admin('POST', '/api/admin/products/bulk-status', { ids: [product!.id], status: 'deleted' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toContain('status must be active or archived')
  })
})
