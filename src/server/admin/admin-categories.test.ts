/**
 * The owner's categories: create (slug from the name), rename keeping the slug, a changed slug
 * still answering at the old address, reorder, delete only when empty, field errors, and an
 * audit entry for each change. Only an admin may do any of it.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { auditLog, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
})
afterAll(async () => t?.close())

function admin(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, who: SignedInUser | null = owner) {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  })
}

type AdminCategory = { id: string; name: string; slug: string; description: string | null; position: number; products: number; version: number }
const list = async () => (await admin('GET', '/api/admin/categories')).json().data as AdminCategory[]

describe('creating and editing categories', () => {
  it('creates a category at the end of the list with a slug made from its name, and records it', async () => {
    const response = await admin('POST', '/api/admin/categories', { name: 'Field Recordings & Foley', description: 'Rain, streets, rooms.' })
    expect(response.statusCode).toBe(201)
    const created = response.json().data as AdminCategory
    expect(created).toMatchObject({ name: 'Field Recordings & Foley', slug: 'field-recordings-foley', description: 'Rain, streets, rooms.', products: 0 })
    const all = await list()
    expect(all.at(-1)?.id).toBe(created.id)
    expect((await t.app.inject(`/api/categories/field-recordings-foley`)).json().data.name).toBe('Field Recordings & Foley')
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, created.id), eq(auditLog.action, 'category.create')))
    expect(entry).toMatchObject({ actorEmail: OWNER, subjectType: 'category' })
  })

  it('renames without moving the slug; a new slug keeps the old address working, in the API and in product lists', async () => {
    const created = (await admin('POST', '/api/admin/categories', { name: 'Vocal Chops' })).json().data as AdminCategory
    const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1)
    await t.database.db.update(products).set({ categoryId: created.id }).where(eq(products.id, product!.id))

    const renamed = await admin('PATCH', `/api/admin/categories/${created.id}`, { name: 'Vocal Chops & Phrases', version: created.version })
    expect(renamed.json().data).toMatchObject({ name: 'Vocal Chops & Phrases', slug: 'vocal-chops', products: 1 })

    const moved = await admin('PATCH', `/api/admin/categories/${created.id}`, { slug: 'vocals', version: renamed.json().data.version })
    expect(moved.json().data.slug).toBe('vocals')
    const old = await t.app.inject('/api/categories/vocal-chops')
    expect(old.statusCode).toBe(200)
    expect(old.json().data).toMatchObject({ id: created.id, slug: 'vocals' })
    const listed = (await t.app.inject('/api/products?category=vocal-chops')).json().data as { id: string }[]
    expect(listed.map((entry) => entry.id)).toEqual([product!.id])

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, created.id), eq(auditLog.action, 'category.update')))
    expect(trail.map((entry) => [entry.before?.slug, entry.after?.slug]).sort()).toEqual(
      [
        ['vocal-chops', 'vocal-chops'],
        ['vocal-chops', 'vocals'],
      ].sort(),
    )
  })

  it('refuses a taken slug (current or former) on the slug field, a bad slug and an empty name', async () => {
    const first = (await admin('POST', '/api/admin/categories', { name: 'Breakbeats' })).json().data as AdminCategory
    expect((await admin('PATCH', `/api/admin/categories/${first.id}`, { slug: 'breaks', version: first.version })).statusCode).toBe(200)

    const taken = await admin('POST', '/api/admin/categories', { name: 'Breaks', slug: 'breaks' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({ error: { message: 'Another category already uses this slug', status: 409, code: 'FIELD_ERROR', field: 'slug' } })
    // Its former slug still points at it, so no other category may take it.
    expect((await admin('POST', '/api/admin/categories', { name: 'Breakbeats Two', slug: 'breakbeats' })).statusCode).toBe(409)
    expect((await admin('POST', '/api/admin/categories', { name: 'Bad', slug: 'Not A Slug!' })).statusCode).toBe(400)
    expect((await admin('POST', '/api/admin/categories', { name: '   ' })).statusCode).toBe(400)
  })
})

describe('ordering and deleting', () => {
  it('puts every category in the order given; the public list follows it', async () => {
    const before = await list()
    const reversed = [...before].reverse().map((category) => category.id)
    expect((await admin('PUT', '/api/admin/categories/order', { ids: reversed })).statusCode).toBe(204)
    expect((await list()).map((category) => category.id)).toEqual(reversed)
    const publicList = (await t.app.inject('/api/categories')).json().data as { id: string }[]
    expect(publicList.map((category) => category.id)).toEqual(reversed)
    // An order that leaves one out is refused.
    expect((await admin('PUT', '/api/admin/categories/order', { ids: reversed.slice(1) })).statusCode).toBe(400)
  })

  it('deletes an empty category and refuses one that holds products', async () => {
    const empty = (await admin('POST', '/api/admin/categories', { name: 'Empty Shelf' })).json().data as AdminCategory
    expect((await admin('DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(204)
    expect((await list()).some((category) => category.id === empty.id)).toBe(false)

    const full = (await list()).find((category) => category.products > 0)!
    const refused = await admin('DELETE', `/api/admin/categories/${full.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('CATEGORY_NOT_EMPTY')
    expect((await list()).some((category) => category.id === full.id)).toBe(true)
    expect((await admin('DELETE', `/api/admin/categories/${crypto.randomUUID()}`)).statusCode).toBe(404)
  })

  it('is refused to a shopper (403, nothing created) and a guest (401)', async () => {
    const shopper = await createSignedInUser(t)
    const count = (await list()).length
    expect((await admin('POST', '/api/admin/categories', { name: 'Sneaky' }, shopper)).statusCode).toBe(403)
    expect((await admin('POST', '/api/admin/categories', { name: 'Sneaky' }, null)).statusCode).toBe(401)
    expect((await list()).length).toBe(count)
  })
})
