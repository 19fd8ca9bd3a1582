/**
 * What buyers get when the owner publishes a product's file version (`announceFileVersion`,
 * inside the publishing transaction): one "update available" email per buyer email that can
 * still download it, not to accounts that turned those emails off nor to refunded buyers; one
 * more download per item that can still be downloaded; both gone if the transaction rolls back.
 */
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { createCompletedOrder, type TestOrder, orderServicesOf } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { emailOutbox, orderItems, orders as orderRows, type ProductRow } from '../db/schema.ts'
import type { FileUpdatesService } from './file-updates.service.ts'

let t: TestApp
let orders: FileUpdatesService
let products: ProductRow[]

beforeAll(async () => {
  t = await createTestApp()
  products = await productsWithFiles(t, 4)
  // The app does not expose its orders services: build them as app.ts does.
  orders = orderServicesOf(t).fileUpdates
})
afterAll(async () => t?.close())

const VERSION_2: LiveFileVersion = { number: 2, publishedAt: '2026-11-25T09:30:00.000Z', changelog: 'Fixed the clipped kick in loop 4; 12 new one-shots' }

async function optOut(account: SignedInUser) {
  const response = await browserRequest(t, { method: 'PATCH', url: '/api/profile', payload: { product_update_emails: false }, cookie: account.cookie })
  expect(response.statusCode).toBe(200)
}

const emailOf = (order: TestOrder) =>
  t.database.db
    .select({ email: orderRows.customerEmail })
    .from(orderRows)
    .where(eq(orderRows.id, order.orderId))
    .then(([row]) => row!.email.toLowerCase())

async function updateEmailsTo(address: string, product: ProductRow) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `Update available: ${product.name}%`)))
}

async function downloadsLeft(order: TestOrder): Promise<number[]> {
  const rows = await t.database.db
    .select({ left: orderItems.downloadsRemaining })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.orderId))
    .orderBy(orderItems.productId)
  return rows.map((row) => row.left)
}

/** A COMPLETED order whose items were all refunded, as after-sale.service.ts leaves it. */
async function refundedOrder(userId: string, productIds: string[]): Promise<TestOrder> {
  const order = await createCompletedOrder(t, { userId, productIds, status: 'REFUNDED' })
  await t.database.db
    .update(orderItems)
    .set({ access: 'revoked', accessReason: 'refunded', accessChangedAt: new Date() })
    .where(eq(orderItems.orderId, order.orderId))
  return order
}

describe('announceFileVersion', () => {
  it('emails the one buyer who kept the emails on, and gives one more download to each item still downloadable, not the refunded one', async () => {
    const [product, other] = products as [ProductRow, ProductRow]
    const [ada, bo, cy] = await Promise.all([createSignedInUser(t), createSignedInUser(t), createSignedInUser(t)])
    await optOut(bo)
    const adaOrder = await createCompletedOrder(t, { userId: ada.id, productIds: [product.id, other.id] })
    const boOrder = await createCompletedOrder(t, { userId: bo.id, productIds: [product.id] })
    const cyOrder = await refundedOrder(cy.id, [product.id])
    const before = { ada: await downloadsLeft(adaOrder), bo: await downloadsLeft(boOrder), cy: await downloadsLeft(cyOrder) }

    expect(await orders.buyersWithAccess(product.id)).toBe(2)

    const result = await t.database.db.transaction((tx) =>
      orders.announceFileVersion(tx, { productId: product.id, productName: product.name, version: VERSION_2, notifyBuyers: true, extraDownload: true }),
    )
    expect(result).toEqual({ emailsQueued: 1, itemsGivenADownload: 2 })

    const [toAda, ...more] = await updateEmailsTo(await emailOf(adaOrder), product)
    expect(more).toEqual([])
    expect(toAda!.subject).toBe(`Update available: ${product.name} version 2`)
    expect(toAda!.text).toContain('Fixed the clipped kick in loop 4; 12 new one-shots')
    expect(toAda!.text).toContain('November 25, 2026')
    expect(toAda!.text).toContain(`${t.config.publicUrl}/download-hub`)
    expect(toAda!.text).toContain('We added one more download to your purchase')
    expect(toAda!.text).toMatch(new RegExp(`Unsubscribe: ${t.config.publicUrl}/email-preferences/product-updates/[\\w-]+`))
    expect(toAda!.html).toContain('Fixed the clipped kick in loop 4; 12 new one-shots')
    expect(await updateEmailsTo(await emailOf(boOrder), product)).toEqual([])
    expect(await updateEmailsTo(await emailOf(cyOrder), product)).toEqual([])

    // Ada's other product keeps its count; the refunded item gets nothing.
    const productIndex = (order: TestOrder) =>
      [...order.items].sort((x, y) => x.productId.localeCompare(y.productId)).findIndex((item) => item.productId === product.id)
    const expectedAda = [...before.ada]
    expectedAda[productIndex(adaOrder)]! += 1
    expect(await downloadsLeft(adaOrder)).toEqual(expectedAda)
    expect(await downloadsLeft(boOrder)).toEqual([before.bo[0]! + 1])
    expect(await downloadsLeft(cyOrder)).toEqual(before.cy)
  })

  it('queues nothing and adds no download when the publishing transaction rolls back', async () => {
    const product = products[2]!
    const buyer = await createSignedInUser(t)
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] })
    const before = await downloadsLeft(order)
    await expect(
      t.database.db.transaction(async (tx) => {
        await orders.announceFileVersion(tx, { productId: product.id, productName: product.name, version: VERSION_2, notifyBuyers: true, extraDownload: true })
        throw new Error('the version could not be published')
      }),
    ).rejects.toThrow('the version could not be published')
    expect(await updateEmailsTo(await emailOf(order), product)).toEqual([])
    expect(await downloadsLeft(order)).toEqual(before)
  })

  it('emails a guest buyer at the lower-cased address, once per version, but not an address whose account opted out; without an extra download it says a download is used', async () => {
    const product = products[3]!
    const buyer = await createSignedInUser(t)
    const optedOut = await createSignedInUser(t)
    await optOut(optedOut)
    // Two orders of one guest (the address written two ways), and a guest order under the opted-out account's address.
    const guest = `Guest-${crypto.randomUUID()}@Example.COM`
    for (const [order, email] of [
      [await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] }), guest],
      [await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] }), guest.toLowerCase()],
      [await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] }), optedOut.email.toUpperCase()],
    ] as const) {
      await t.database.db.update(orderRows).set({ userId: null, customerEmail: email }).where(eq(orderRows.id, order.orderId))
    }

    expect(await orders.buyersWithAccess(product.id)).toBe(2)
    const announce = (version: LiveFileVersion) =>
      t.database.db.transaction((tx) =>
        orders.announceFileVersion(tx, { productId: product.id, productName: product.name, version, notifyBuyers: true, extraDownload: false }),
      )

    expect(await announce({ ...VERSION_2, changelog: null })).toEqual({ emailsQueued: 1, itemsGivenADownload: 0 })
    const [email, ...more] = await updateEmailsTo(guest.toLowerCase(), product)
    expect(more).toEqual([])
    expect(email!.text).toContain('Downloading it uses one of the downloads left on your purchase.')
    expect(email!.text).not.toContain('What changed')
    expect(await updateEmailsTo(optedOut.email, product)).toEqual([])
    expect(await updateEmailsTo(optedOut.email.toUpperCase(), product)).toEqual([])

    // Published again (restored after a rollback to an earlier one): no second email for the same version; a new one gets its own.
    expect(await announce(VERSION_2)).toEqual({ emailsQueued: 0, itemsGivenADownload: 0 })
    expect(await announce({ ...VERSION_2, number: 3 })).toEqual({ emailsQueued: 1, itemsGivenADownload: 0 })
    expect((await updateEmailsTo(guest.toLowerCase(), product)).map((row) => row.subject).sort()).toEqual([
      `Update available: ${product.name} version 2`,
      `Update available: ${product.name} version 3`,
    ])
  })

  it('does nothing asked for nothing, and counts no buyer of an unknown product', async () => {
    const product = products[0]!
    expect(
      await t.database.db.transaction((tx) =>
        orders.announceFileVersion(tx, { productId: product.id, productName: product.name, version: VERSION_2, notifyBuyers: false, extraDownload: false }),
      ),
    ).toEqual({ emailsQueued: 0, itemsGivenADownload: 0 })
    expect(await orders.buyersWithAccess(crypto.randomUUID())).toBe(0)
    expect(await orders.buyersWithAccess('not-a-product')).toBe(0)
  })
})
