/**
 * Versions of a sold product's file through the owner's routes, with the bytes a buyer downloads
 * through the real download route: a new file is a draft (buyers keep version 1's exact bytes),
 * publishing makes them download version 2, restoring version 1 brings its bytes back, and no
 * version's stored file is deleted; the list, the audit entries, the 404/409/400 refusals, and a
 * product without a file taking its first upload live at once.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, remainingOf, sha256 } from '../../../tests/support/downloads.ts'
import { createCompletedOrder, type TestOrder } from '../../../tests/support/orders.ts'
import { catalogStorageOf, createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { FILE_VERSION_MESSAGES, type ProductFileVersions, type PublishFileVersionResult } from '../../shared/contract/product-file-versions.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import { auditLog, productFileVersions, products, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let base: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => t?.close())

/** Sends the bytes as the console does (a tus upload); resolves with the upload id. */
function send(bytes: Buffer, fileName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${base}/api/admin/uploads`,
      retryDelays: [],
      metadata: { kind: 'file', filename: fileName },
      headers: { cookie: owner.cookie, origin: t.config.publicUrl },
      onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
      onError: reject,
    })
    upload.start()
  })
}

const asOwner = (as: SignedInUser = owner) => ({ cookie: as.cookie, origin: t.config.publicUrl })

async function addVersion(productId: string, bytes: Buffer, fileName: string, changelog?: string) {
  const uploadId = await send(bytes, fileName)
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${productId}/file`,
    headers: asOwner(),
    payload: { uploadId, ...(changelog === undefined ? {} : { changelog }) },
  })
}

async function versionsOf(productId: string, as?: SignedInUser) {
  return t.app.inject({ url: `/api/admin/products/${productId}/file-versions`, headers: asOwner(as) })
}

function publish(productId: string, number: number | string, payload: Record<string, unknown> = {}, as?: SignedInUser) {
  return t.app.inject({ method: 'POST', url: `/api/admin/products/${productId}/file-versions/${number}/publish`, headers: asOwner(as), payload })
}

/** The sha256 of what the buyer downloads now, through a grant and the signed download route. */
async function downloadedSha(buyer: SignedInUser, order: TestOrder, productId: string): Promise<string> {
  const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: order.items[0]!.id, productId })
  const download = await fetchDownload(t, downloadUrl)
  expect(download.statusCode).toBe(200)
  return sha256(download.rawPayload)
}

const productRow = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!
const storedBytes = (key: string) => readFileSync(join(t.dataDir, 'files', key))
const auditOf = async (productId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, productId), eq(auditLog.action, action)))
/** The storefront's public product, through the catalog cache. */
const publicFileSize = async (id: string) => (await t.app.inject(`/api/products/${id}`)).json<{ data: { fileSize: number } }>().data.fileSize

describe('versions of a sold product file', () => {
  let product: ProductRow
  let buyer: SignedInUser
  let order: TestOrder
  let v1: Buffer
  const v2 = Buffer.from('version 2 of the pack, with fixed loops\n'.repeat(1500))

  beforeAll(async () => {
    ;[product] = (await productsWithFiles(t, 1)) as [ProductRow]
    v1 = storedBytes(product.fileUrl!)
    buyer = await createSignedInUser(t)
    order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 10 })
  })

  it('a new file is a draft: buyers keep downloading version 1, byte for byte, and the storefront shows nothing new', async () => {
    expect(await publicFileSize(product.id)).toBe(v1.length)
    const added = await addVersion(product.id, v2, 'Pack v2.zip', '  Fixed the clicking loops  ')
    expect(added.statusCode).toBe(200)
    // The answer is the product's media as buyers get it: still version 1.
    expect(added.json().data.file).toMatchObject({ size: v1.length })

    expect(await downloadedSha(buyer, order, product.id)).toBe(sha256(v1))
    expect(await publicFileSize(product.id)).toBe(v1.length)
    expect(await productRow(product.id)).toMatchObject({ fileUrl: product.fileUrl, liveFileVersion: 1 })

    const list = await versionsOf(product.id)
    expect(list.statusCode).toBe(200)
    const { data } = list.json<{ data: ProductFileVersions }>()
    expect(data).toMatchObject({ liveVersion: 1, buyersWithAccess: 1 })
    expect(data.versions).toEqual([
      {
        number: 2,
        fileName: 'Pack v2.zip',
        size: v2.length,
        sha256: sha256(v2),
        changelog: 'Fixed the clicking loops',
        uploadedBy: OWNER,
        uploadedAt: expect.any(String),
        publishedAt: null,
        live: false,
      },
      expect.objectContaining({ number: 1, size: v1.length, uploadedBy: 'demo seed', publishedAt: expect.any(String), live: true }),
    ])
    const [entry] = await auditOf(product.id, 'product.file_version_add')
    expect(entry).toMatchObject({
      actorEmail: OWNER,
      before: { liveVersion: 1 },
      after: { version: 2, file: 'Pack v2.zip', bytes: v2.length, sha256: sha256(v2), changelog: 'Fixed the clicking loops', liveVersion: 1 },
    })
  })

  it('publishing version 2 makes buyers download its bytes, tells them and gives one more download, and keeps version 1 stored', async () => {
    const remaining = await remainingOf(t, order.items[0]!.id)
    const published = await publish(product.id, 2, { notifyBuyers: true, extraDownload: true })
    expect(published.statusCode).toBe(200)
    const result = published.json<{ data: PublishFileVersionResult }>().data
    expect(result).toMatchObject({ emailsQueued: 1, itemsGivenADownload: 1, versions: { liveVersion: 2, buyersWithAccess: 1 } })
    expect(result.versions.versions.map((version) => [version.number, version.live, version.publishedAt !== null])).toEqual([
      [2, true, true],
      [1, false, true],
    ])
    expect(await remainingOf(t, order.items[0]!.id)).toBe(remaining + 1)

    expect(await downloadedSha(buyer, order, product.id)).toBe(sha256(v2))
    // The cached storefront answer was dropped: it shows the live version's size.
    expect(await publicFileSize(product.id)).toBe(v2.length)
    expect(existsSync(join(t.dataDir, 'files', product.fileUrl!))).toBe(true)
    expect(sha256(storedBytes(product.fileUrl!))).toBe(sha256(v1))
    const [entry] = await auditOf(product.id, 'product.file_publish')
    expect(entry).toMatchObject({
      actorEmail: OWNER,
      before: { version: 1, bytes: v1.length },
      after: { version: 2, bytes: v2.length, sha256: sha256(v2), notifyBuyers: true, extraDownload: true },
    })
  })

  it('restoring version 1 gives buyers its bytes again and keeps its first publish date', async () => {
    const [before] = await t.database.db
      .select()
      .from(productFileVersions)
      .where(and(eq(productFileVersions.productId, product.id), eq(productFileVersions.number, 1)))
    const restored = await publish(product.id, 1, {})
    expect(restored.statusCode).toBe(200)
    expect(restored.json<{ data: PublishFileVersionResult }>().data).toMatchObject({ emailsQueued: 0, itemsGivenADownload: 0, versions: { liveVersion: 1 } })
    expect(await downloadedSha(buyer, order, product.id)).toBe(sha256(v1))
    const [after] = await t.database.db
      .select()
      .from(productFileVersions)
      .where(and(eq(productFileVersions.productId, product.id), eq(productFileVersions.number, 1)))
    expect(after!.publishedAt).toEqual(before!.publishedAt)
    expect(await productRow(product.id)).toMatchObject({ fileUrl: product.fileUrl, fileSize: v1.length, liveFileVersion: 1 })
    const [entry] = await auditOf(product.id, 'product.file_restore')
    expect(entry).toMatchObject({ before: { version: 2 }, after: { version: 1, notifyBuyers: false, extraDownload: false } })
  })

  it('refuses the live version (409), an unknown one (404), a malformed number or body (400) and a shopper (403)', async () => {
    expect((await publish(product.id, 1)).json()).toEqual({ error: { message: FILE_VERSION_MESSAGES.alreadyLive, status: 409, code: 'FILE_VERSION_LIVE' } })
    expect((await publish(product.id, 9)).json()).toEqual({ error: { message: FILE_VERSION_MESSAGES.notFound, status: 404, code: 'FILE_VERSION_NOT_FOUND' } })
    for (const number of ['0', '1.5', '-1', 'two', '1000000000']) expect((await publish(product.id, number)).statusCode).toBe(400)
    expect((await publish(product.id, 2, { notifyBuyers: true, sendNow: true })).statusCode).toBe(400)
    expect((await publish(crypto.randomUUID(), 1)).statusCode).toBe(404)
    expect((await versionsOf(crypto.randomUUID())).statusCode).toBe(404)
    const shopper = await createSignedInUser(t)
    expect((await versionsOf(product.id, shopper)).statusCode).toBe(403)
    expect((await publish(product.id, 2, {}, shopper)).statusCode).toBe(403)
    // Nothing refused changed what buyers get.
    expect(await productRow(product.id)).toMatchObject({ liveFileVersion: 1, fileUrl: product.fileUrl })
  })

  it('refuses a changelog over 200 characters before storing anything', async () => {
    const refused = await addVersion(product.id, Buffer.from('v3'), 'v3.zip', 'x'.repeat(201))
    expect(refused.statusCode).toBe(400)
    expect((await versionsOf(product.id)).json<{ data: ProductFileVersions }>().data.versions).toHaveLength(2)
  })
})

describe('the first file of a product', () => {
  it('goes live at once when the product has none (nobody can have bought it)', async () => {
    const [row] = await t.database.db.insert(products).values({ name: 'Fileless Pack', priceCents: 999, isActive: false }).returning()
    const bytes = Buffer.from('the first and only version\n'.repeat(200))
    const added = await addVersion(row!.id, bytes, 'first.zip')
    expect(added.statusCode).toBe(200)
    expect(added.json().data.file).toEqual({ name: 'first.zip', size: bytes.length, sha256: sha256(bytes) })
    const { data } = (await versionsOf(row!.id)).json<{ data: ProductFileVersions }>()
    expect(data).toMatchObject({
      liveVersion: 1,
      buyersWithAccess: 0,
      versions: [{ number: 1, live: true, publishedAt: expect.any(String), uploadedBy: OWNER }],
    })
    const saved = await productRow(row!.id)
    expect(saved).toMatchObject({ liveFileVersion: 1, fileSize: bytes.length, fileSha256: sha256(bytes) })
    expect(sha256(storedBytes(saved.fileUrl!))).toBe(sha256(bytes))
  })

  it('on a product whose file was written without a version, keeps that file live as version 1 and adds a draft', async () => {
    const [demo] = await productsWithFiles(t, 1)
    const [row] = await t.database.db
      .insert(products)
      .values({ name: 'Unversioned Pack', priceCents: 999, isActive: false, fileUrl: demo!.fileUrl, fileSize: demo!.fileSize })
      .returning()
    const added = await addVersion(row!.id, Buffer.from('a newer file\n'), 'newer.zip')
    expect(added.statusCode).toBe(200)
    const { data } = (await versionsOf(row!.id)).json<{ data: ProductFileVersions }>()
    expect(data.liveVersion).toBe(1)
    expect(data.versions.map((version) => [version.number, version.live, version.uploadedBy])).toEqual([
      [2, false, OWNER],
      [1, true, 'before file versions'],
    ])
    expect(await productRow(row!.id)).toMatchObject({ fileUrl: demo!.fileUrl, liveFileVersion: 1 })
  })

  it('two files added at once take the next two numbers', async () => {
    const [row] = await t.database.db.insert(products).values({ name: 'Raced Pack', priceCents: 999, isActive: false }).returning()
    const catalog = createCatalogService(t.database.db, catalogStorageOf(t))
    const files = [1, 2, 3].map((n) => join(t.dataDir, `raced-${n}.zip`))
    files.forEach((path, index) => writeFileSync(path, `file ${index}`))
    const added = await Promise.all(
      files.map((path) =>
        catalog.addFileVersion(row!.id, { path, fileName: 'raced.zip' }, { changelog: null, uploadedBy: { id: null, email: 'test' } }, async () => {}),
      ),
    )
    expect(added.map((result) => result.version.number).sort()).toEqual([1, 2, 3])
    expect(added.filter((result) => result.version.live)).toHaveLength(1)
    expect((await productRow(row!.id)).liveFileVersion).toBe(added.find((result) => result.version.live)!.version.number)
  })
})
