/**
 * Bundles in the owner's console and the store: only an admin sets a bundle's items and floor
 * (audited); a bundle cannot hold itself, an unknown product, another bundle, nor sit inside
 * one; the store lists what it holds in the owner's order (a cached answer that follows a
 * change), cards count its items, and a signed-in buyer is told what completes it for them.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { asOwner, createBundle, saveBundle } from '../../../tests/support/bundles.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { BUNDLE_MESSAGES } from '../../shared/contract/bundles.ts'
import { auditLog, bundleItems, products, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  packs = await productsWithFiles(t, 5)
})
afterAll(async () => t?.close())

const ids = (rows: readonly ProductRow[]) => rows.map((row) => row.id)
const names = (list: { name: string }[]) => list.map((item) => item.name)

describe('the owner sets a bundle', () => {
  it('refuses a guest (401) and a shopper (403), and stores nothing', async () => {
    const [bundle, item] = packs
    const shopper = await createSignedInUser(t)
    const body = { productIds: [item!.id], floorCents: null }
    const asGuest = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${bundle!.id}/bundle`,
      headers: { origin: t.config.publicUrl },
      payload: body,
    })
    expect(asGuest.statusCode).toBe(401)
    const asShopper = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${bundle!.id}/bundle`,
      headers: { origin: t.config.publicUrl, cookie: shopper.cookie },
      payload: body,
    })
    expect(asShopper.statusCode).toBe(403)
    expect(asShopper.json().error).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(await t.database.db.select().from(bundleItems).where(eq(bundleItems.bundleId, bundle!.id))).toEqual([])
  })

  it('stores the items in order with the floor in one change, audited with who did it, and a new order replaces the old', async () => {
    const bundleId = await createBundle(t, owner, { name: 'Producer Essentials Bundle', price: '60.00', itemIds: ids(packs.slice(0, 3)), floorCents: 1500 })
    const shown = (await asOwner(t, owner, 'GET', `/api/admin/products/${bundleId}/bundle`)).json().data
    expect(shown).toMatchObject({ isBundle: true, priceCents: 6000, floorCents: 1500 })
    expect(names(shown.items)).toEqual(names(packs.slice(0, 3)))

    const reordered = await saveBundle(t, owner, bundleId, [packs[2]!.id, packs[0]!.id], 2000)
    expect(reordered.statusCode).toBe(200)
    expect(names(reordered.json().data.items)).toEqual([packs[2]!.name, packs[0]!.name])

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, bundleId), eq(auditLog.action, 'product.bundle')))
    expect(trail).toHaveLength(2)
    const last = trail.find((entry) => (entry.before as { bundleItems: string }).bundleItems !== '')!
    expect(last.actorEmail).toBe(OWNER)
    expect(last.before).toEqual({ bundleItems: names(packs.slice(0, 3)).join(', '), bundleFloor: '$15.00' })
    expect(last.after).toEqual({ bundleItems: `${packs[2]!.name}, ${packs[0]!.name}`, bundleFloor: '$20.00' })
    // The product page's history shows the change.
    const history = (await asOwner(t, owner, 'GET', `/api/admin/products/${bundleId}`)).json().history as { action: string }[]
    expect(history.filter((entry) => entry.action === 'product.bundle')).toHaveLength(2)
  })

  it('refuses the bundle itself, an unknown product, a product twice, a bundle inside a bundle, and a floor above its price', async () => {
    const bundleId = await createBundle(t, owner, { name: 'Refusals Bundle', price: '30.00', itemIds: [packs[3]!.id] })
    const other = await createBundle(t, owner, { name: 'Other Bundle', price: '20.00', itemIds: [packs[4]!.id] })
    const refusals: [string[], number | null, string, string][] = [
      [[bundleId], null, 'productIds', BUNDLE_MESSAGES.itself],
      [[crypto.randomUUID()], null, 'productIds', BUNDLE_MESSAGES.unknownProduct],
      [[packs[0]!.id, packs[0]!.id], null, 'productIds', BUNDLE_MESSAGES.duplicate],
      [[other], null, 'productIds', BUNDLE_MESSAGES.nested('Other Bundle')],
      [[packs[0]!.id], 3001, 'floorCents', BUNDLE_MESSAGES.floorAbovePrice('$30.00')],
    ]
    for (const [productIds, floorCents, field, message] of refusals) {
      const response = await saveBundle(t, owner, bundleId, productIds, floorCents)
      expect(response.statusCode, message).toBe(400)
      expect(response.json().error).toMatchObject({ status: 400, code: 'FIELD_ERROR', field, message })
    }
    // A product a bundle holds cannot become a bundle: the first bundle would hold a bundle.
    const inside = await saveBundle(t, owner, packs[3]!.id, [packs[0]!.id])
    expect(inside.statusCode).toBe(400)
    expect(inside.json().error.message).toBe(BUNDLE_MESSAGES.heldByBundle('Refusals Bundle'))
    // Nothing changed.
    const shown = (await asOwner(t, owner, 'GET', `/api/admin/products/${bundleId}/bundle`)).json().data
    expect(names(shown.items)).toEqual([packs[3]!.name])
    const [row] = await t.database.db.select({ isBundle: products.isBundle }).from(products).where(eq(products.id, packs[3]!.id))
    expect(row!.isBundle).toBe(false)
  })

  it('keeps an active bundle without a file of its own from being emptied into a product with nothing to download', async () => {
    const bundleId = await createBundle(t, owner, { name: 'Emptied Bundle', price: '25.00', itemIds: [packs[1]!.id] })
    const emptied = await saveBundle(t, owner, bundleId, [])
    expect(emptied.statusCode).toBe(400)
    expect(emptied.json().error.message).toBe(BUNDLE_MESSAGES.activeWithoutFile)
  })
})

describe('the store shows a bundle', () => {
  it('lists what it holds in the owner\u2019s order with covers, prices and previews, and follows the owner\u2019s next change', async () => {
    const bundleId = await createBundle(t, owner, { name: 'Listed Bundle', price: '45.00', itemIds: ids(packs.slice(0, 3)) })
    const first = await t.app.inject(`/api/products/${bundleId}/bundle-items`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toContain('public')
    const listed = first.json().data as { id: string; name: string; priceCents: number; audioPreview: string | null }[]
    expect(listed.map((item) => [item.name, item.priceCents])).toEqual(packs.slice(0, 3).map((pack) => [pack.name, pack.priceCents]))
    expect(listed.every((item) => item.audioPreview === null || item.audioPreview.startsWith('/media/'))).toBe(true)

    await saveBundle(t, owner, bundleId, [packs[1]!.id])
    expect(names((await t.app.inject(`/api/products/${bundleId}/bundle-items`)).json().data)).toEqual([packs[1]!.name])
  })

  it('counts its items on the cards and on its page, and answers 404 for a product that is not on sale', async () => {
    const bundleId = await createBundle(t, owner, { name: 'Counted Bundle', price: '35.00', itemIds: ids(packs.slice(0, 4)) })
    const page = (await t.app.inject(`/api/products/${bundleId}`)).json().data
    expect(page).toMatchObject({ isBundle: true, bundleItemCount: 4, metadata: { product_type: 'digital_download' } })
    const list = (await t.app.inject('/api/products?limit=100&sortBy=created_at&sortOrder=desc')).json().data as {
      id: string
      isBundle: boolean
      bundleItemCount?: number
    }[]
    expect(list.find((product) => product.id === bundleId)).toMatchObject({ isBundle: true, bundleItemCount: 4 })
    expect(list.find((product) => product.id === packs[0]!.id)).not.toHaveProperty('bundleItemCount')
    expect((await t.app.inject(`/api/products/${crypto.randomUUID()}/bundle-items`)).statusCode).toBe(404)

    // The card is kept with its count between lists, until what the bundle holds changes.
    expect((await saveBundle(t, owner, bundleId, ids(packs.slice(0, 2)))).statusCode).toBe(200)
    const relisted = (await t.app.inject('/api/products?limit=99&sortBy=created_at&sortOrder=desc')).json().data as typeof list
    expect(relisted.find((product) => product.id === bundleId)).toMatchObject({ isBundle: true, bundleItemCount: 2 })
  })
})

describe('"complete the bundle" for a signed-in buyer', () => {
  it('answers the bundle price minus what they paid for owned items, never below the floor; a guest is asked to sign in', async () => {
    const [a, b, c] = packs
    const bundleId = await createBundle(t, owner, { name: 'Offer Bundle', price: '50.00', itemIds: [a!.id, b!.id, c!.id], floorCents: 1000 })
    const buyer = await createSignedInUser(t)
    const offerOf = () => t.app.inject({ method: 'GET', url: `/api/products/${bundleId}/bundle-offer`, headers: { cookie: buyer.cookie } })

    expect((await offerOf()).json().data).toEqual({ ownedCount: 0, itemCount: 3, priceCents: 5000 })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [a!.id] })
    const response = await offerOf()
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json().data).toEqual({ ownedCount: 1, itemCount: 3, priceCents: Math.max(1000, 5000 - a!.priceCents) })

    // The floor holds when the paid items are worth more than the bundle less the floor.
    await saveBundle(t, owner, bundleId, [a!.id, b!.id, c!.id], 4900)
    expect((await offerOf()).json().data).toEqual({ ownedCount: 1, itemCount: 3, priceCents: 4900 })

    const guest = await t.app.inject(`/api/products/${bundleId}/bundle-offer`)
    expect(guest.statusCode).toBe(401)
    const notBundle = await t.app.inject({ method: 'GET', url: `/api/products/${a!.id}/bundle-offer`, headers: { cookie: buyer.cookie } })
    expect(notBundle.statusCode).toBe(404)
    expect(notBundle.json().error.message).toBe(BUNDLE_MESSAGES.notABundle)
  })
})
