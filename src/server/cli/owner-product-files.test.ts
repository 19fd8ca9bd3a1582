/**
 * `owner product file add|list|publish|restore` on a sold product, with the bytes its buyer
 * downloads through the real download route: a new file is a draft, publish hands buyers its
 * bytes (with the email and the extra download when asked), restore brings an earlier version
 * back; the lines printed, the audit entries as the CLI, and the refusals (a draft restored, a
 * published version "published", the live one, an unknown version or product) with exit code 1.
 * Runs on PGlite and, under test:pg, on PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, remainingOf, sha256, storedFile } from '../../../tests/support/downloads.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createCompletedOrder, type TestOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { FILE_VERSION_MESSAGES } from '../../shared/contract/product-file-versions.ts'
import { auditLog, emailOutbox, productFileVersions, products, type ProductRow } from '../db/schema.ts'

let t: TestApp
let work: string
let product: ProductRow
let buyer: SignedInUser
let order: TestOrder
let v1: Buffer
const v2 = Buffer.from('version 2: the loops no longer click\n'.repeat(2000))

beforeAll(async () => {
  t = await createTestApp()
  work = mkdtempSync(join(tmpdir(), 'als-cli-files-'))
  writeFileSync(join(work, 'pack-v2.zip'), v2)
  ;[product] = (await productsWithFiles(t, 2)).slice(1) as [ProductRow]
  v1 = storedFile(t, product)
  buyer = await createSignedInUser(t)
  order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 10 })
})
afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await t?.close()
})

const owner = (...argv: string[]) => runOwner(t, ...argv)

async function downloadedSha(): Promise<string> {
  const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: order.items[0]!.id, productId: product.id })
  const download = await fetchDownload(t, downloadUrl)
  expect(download.statusCode).toBe(200)
  return sha256(download.rawPayload)
}

describe('owner product file', () => {
  it('add makes a draft of a sold product: the buyer still downloads version 1', async () => {
    const added = await owner('product', 'file', 'add', product.name, join(work, 'pack-v2.zip'), '--changelog', 'Loops no longer click')
    expect(added).toMatchObject({ code: 0, err: '' })
    expect(added.out).toBe(
      `Version 2 of "${product.name}" added as a draft: pack-v2.zip 0.1 MB sha256 ${sha256(v2)}. Buyers still download the live version; publish it with \`owner product file publish ${product.id} 2\`.`,
    )
    expect(await downloadedSha()).toBe(sha256(v1))
    const [version] = await t.database.db
      .select()
      .from(productFileVersions)
      .where(and(eq(productFileVersions.productId, product.id), eq(productFileVersions.number, 2)))
    expect(version).toMatchObject({ uploadedBy: 'owner CLI', uploadedById: null, changelog: 'Loops no longer click', publishedAt: null })
  })

  it('list prints each version with its state, uploader and changelog, and the buyers it reaches', async () => {
    const listed = await owner('product', 'file', 'list', product.id)
    expect(listed.code).toBe(0)
    const lines = listed.out.split('\n')
    expect(lines[0]).toBe(`"${product.name}": version 1 is live; 1 buyer(s) can download it.`)
    expect(lines[1]).toMatch(
      /^ {4}2 {2}draft {4}pack-v2\.zip 0\.1 MB sha256 [0-9a-f]{64} {2}uploaded \d{4}-\d\d-\d\d \d\d:\d\d UTC by owner CLI {2}"Loops no longer click"$/,
    )
    expect(lines[2]).toMatch(/^ {4}1 {2}live {5}.+ by demo seed, first live \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    expect(lines).toHaveLength(3)
  })

  it('restore refuses a draft never published, and publish makes it the bytes buyers download, with the email and the extra download', async () => {
    const wrongWord = await owner('product', 'file', 'restore', product.name, '2')
    expect(wrongWord).toMatchObject({
      code: 1,
      err: `Version 2 of "${product.name}" is a draft that was never published: publish it with \`owner product file publish ${product.id} 2\``,
    })
    expect(await downloadedSha()).toBe(sha256(v1))

    const remaining = await remainingOf(t, order.items[0]!.id)
    const published = await owner('product', 'file', 'publish', product.name, '2', '--notify-buyers', '--extra-download')
    expect(published).toMatchObject({ code: 0, err: '' })
    expect(published.out).toBe(
      `Published version 2 of "${product.name}": buyers now download pack-v2.zip 0.1 MB sha256 ${sha256(v2)} (was version 1); 1 buyer email(s) queued, 1 item(s) given one more download.`,
    )
    expect(await remainingOf(t, order.items[0]!.id)).toBe(remaining + 1)
    expect(
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, `${buyer.id}@example.com`.toLowerCase())),
    ).toHaveLength(1)
    expect(await downloadedSha()).toBe(sha256(v2))
  })

  it('publish refuses an earlier version and restore brings it back; the live one and unknown ones are refused', async () => {
    const wrongWord = await owner('product', 'file', 'publish', product.id, '1')
    expect(wrongWord).toMatchObject({
      code: 1,
      err: `Version 1 of "${product.name}" was published before: bring it back with \`owner product file restore ${product.id} 1\``,
    })

    const restored = await owner('product', 'file', 'restore', product.id, '1')
    expect(restored).toMatchObject({ code: 0, err: '' })
    expect(restored.out.startsWith(`Restored version 1 of "${product.name}": buyers now download `)).toBe(true)
    expect(restored.out.endsWith(' (was version 2); buyers not emailed.')).toBe(true)
    expect(await downloadedSha()).toBe(sha256(v1))

    expect(await owner('product', 'file', 'restore', product.id, '1')).toMatchObject({ code: 1, err: FILE_VERSION_MESSAGES.alreadyLive })
    expect(await owner('product', 'file', 'publish', product.id, '7')).toMatchObject({ code: 1, err: FILE_VERSION_MESSAGES.notFound })
    expect(await owner('product', 'file', 'publish', product.id, 'two')).toMatchObject({
      code: 1,
      err: '"two" is not a version number: give a whole number from 1 (see `owner product file list`)',
    })
    expect(await owner('product', 'file', 'list', 'No Such Pack')).toMatchObject({ code: 1, err: 'No product with the id or name "No Such Pack"' })
    expect(await owner('product', 'file', 'add', product.id, join(work, 'missing.zip'))).toMatchObject({
      code: 1,
      err: `The file ${join(work, 'missing.zip')} cannot be read`,
    })
    expect((await owner('product', 'file', 'add', product.id, join(work, 'pack-v2.zip'), '--changelog', 'x'.repeat(201))).code).toBe(1)
    expect(await t.database.db.select().from(productFileVersions).where(eq(productFileVersions.productId, product.id))).toHaveLength(2)

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, product.id))
    expect(trail.map((entry) => entry.action).sort()).toEqual(['product.file_publish', 'product.file_restore', 'product.file_version_add'])
    expect(new Set(trail.map((entry) => entry.actorEmail))).toEqual(new Set(['owner-cli']))
  })

  it('add on a product without a file makes it live at once', async () => {
    const [row] = await t.database.db.insert(products).values({ name: 'CLI Fileless Pack', priceCents: 500, isActive: false }).returning()
    const added = await owner('product', 'file', 'add', 'CLI Fileless Pack', join(work, 'pack-v2.zip'))
    expect(added).toMatchObject({
      code: 0,
      out: `Version 1 of "CLI Fileless Pack" is live: pack-v2.zip 0.1 MB sha256 ${sha256(v2)} (the product had no file, so no buyer was affected).`,
    })
    const [saved] = await t.database.db.select().from(products).where(eq(products.id, row!.id))
    expect(saved).toMatchObject({ liveFileVersion: 1, fileSha256: sha256(v2) })
  })
})
