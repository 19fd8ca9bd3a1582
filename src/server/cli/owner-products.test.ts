/**
 * The owner CLI adding products with their files: `product add` stores the file with its
 * sha256, makes the cover and preview, puts the product live and audits each step as the CLI;
 * bad input is refused with the form's words and nothing half-added stays; `product import`
 * reads a CSV manifest, reports each line, and skips what is already there when run again.
 * Runs on PGlite and, under test:pg, on PostgreSQL.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lena from 'audio-lena'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../../tests/support/accounts.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { auditLog, products } from '../db/schema.ts'

let t: TestApp
let work: string
const packBytes = Buffer.from('drum loops, one shots and stems\n'.repeat(50_000))

beforeAll(async () => {
  t = await createTestApp()
  work = mkdtempSync(join(tmpdir(), 'als-cli-products-'))
  writeFileSync(join(work, 'pack.zip'), packBytes)
  await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toFile(join(work, 'cover.jpg'))
  copyFileSync(fileURLToPath(lena.url('flac')), join(work, 'preview.flac'))
  writeFileSync(join(work, 'not-audio.wav'), 'this is not a recording')
})
afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await t?.close()
})

const owner = (...argv: string[]) => runOwner(t, ...argv)

const productNamed = async (name: string) => (await t.database.db.select().from(products).where(eq(products.name, name)))[0]
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('owner product add', () => {
  it('adds a live product with its file, cover and preview, each step in the audit log as the CLI', async () => {
    const name = `Cassette Breaks ${uniqueEmail('x').slice(2, 10)}`
    const added = await owner('product', 'add', '--name', name, '--price', '19.50', '--category', 'Sample Packs', '--file', join(work, 'pack.zip'), '--cover', join(work, 'cover.jpg'), '--preview', join(work, 'preview.flac'), '--bpm', '94', '--tags', 'breaks, tape', '--type', 'loops', '--type', 'one-shots')
    expect(added.err).toBe('')
    expect(added.code).toBe(0)
    const row = await productNamed(name)
    expect(added.out).toBe(`Added "${name}" at $19.50 (pack.zip 1.5 MB sha256 ${sha256(packBytes)}; cover; preview), in the store at /products/${row!.id}.`)
    expect(row).toMatchObject({ isActive: true, priceCents: 1950, fileSize: packBytes.length, fileSha256: sha256(packBytes), metadata: expect.objectContaining({ bpm: 94, tags: ['breaks', 'tape'], types: ['loops', 'one-shots'] }) })
    expect(readFileSync(join(t.dataDir, 'files', row!.fileUrl!)).equals(packBytes)).toBe(true)
    expect(row!.imageUrl).toMatch(/^\/media\/products\/.+-640\.webp$/)
    expect(row!.previewPeaks).toHaveLength(96)

    const store = await t.app.inject(`/api/products/${row!.id}`)
    expect(store.statusCode).toBe(200)
    expect(store.json().data).toMatchObject({ name, priceCents: 1950, audioPreview: expect.stringMatching(/\.mp3$/) })
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id))
    expect(trail.map((entry) => entry.action).sort()).toEqual(['product.cover', 'product.create', 'product.file', 'product.preview', 'product.update'])
    expect(new Set(trail.map((entry) => entry.actorEmail))).toEqual(new Set(['owner-cli']))
  })

  it('refuses a free price with the form\u2019s words, and an unknown category with the list of slugs', async () => {
    const free = await owner('product', 'add', '--name', 'Free Pack', '--price', '0', '--file', join(work, 'pack.zip'))
    expect(free).toMatchObject({ code: 1, err: '--price: Price must be more than $0 with at most 2 decimals' })
    const lost = await owner('product', 'add', '--name', 'Lost Pack', '--price', '5', '--category', 'vinyl', '--file', join(work, 'pack.zip'))
    expect(lost.code).toBe(1)
    expect(lost.err).toMatch(/^No category "vinyl"\. The store has: .*sample-packs/)
    expect(await productNamed('Free Pack')).toBeUndefined()
    expect(await productNamed('Lost Pack')).toBeUndefined()
  })

  it('removes the half-added product and its stored file when the preview is not audio', async () => {
    const stored = () => readdirSync(join(t.dataDir, 'files', 'products')).length
    const before = stored()
    const refused = await owner('product', 'add', '--name', 'Broken Preview Pack', '--price', '9.99', '--file', join(work, 'pack.zip'), '--preview', join(work, 'not-audio.wav'))
    expect(refused).toMatchObject({ code: 1, err: 'Broken Preview Pack: The audio preview must be a WAV, MP3, FLAC or OGG file' })
    expect(await productNamed('Broken Preview Pack')).toBeUndefined()
    expect(stored()).toBe(before)
  })
})

describe('owner product import', () => {
  it('adds what a CSV manifest lists, reports each line, and skips what is already there when run again', async () => {
    const dir = join(work, 'drop')
    mkdirSync(dir)
    copyFileSync(join(work, 'pack.zip'), join(dir, 'warehouse.zip'))
    copyFileSync(join(work, 'cover.jpg'), join(dir, 'warehouse.jpg'))
    writeFileSync(
      join(dir, 'manifest.csv'),
      ['name,price,category,file,cover,bpm,genre,tags,types', 'Warehouse Rollers,29.00,sample-packs,warehouse.zip,warehouse.jpg,132,Techno,"techno, rumble",loops', 'Ghost Pack,12.00,sample-packs,missing.zip,,,,,'].join('\n'),
    )
    const first = await owner('product', 'import', dir)
    expect(first.code).toBe(1)
    expect(first.out.split('\n')).toEqual([
      expect.stringMatching(/^1\/2 Added "Warehouse Rollers" at \$29\.00 \(warehouse\.zip 1\.5 MB sha256 [0-9a-f]{64}; cover\), in the store at \/products\/[0-9a-f-]{36}\.$/),
      `2/2 not added "Ghost Pack": The product file ${join(dir, 'missing.zip')} cannot be read`,
      'Imported 1, skipped 0, failed 1.',
    ])
    expect(await productNamed('Warehouse Rollers')).toMatchObject({ isActive: true, metadata: expect.objectContaining({ genre: 'Techno', bpm: 132, tags: ['techno', 'rumble'], types: ['loops'] }) })

    writeFileSync(join(dir, 'missing.zip'), 'now it is here')
    const again = await owner('product', 'import', dir)
    expect(again.out.split('\n')).toEqual(['1/2 skipped "Warehouse Rollers": already in the store', expect.stringMatching(/^2\/2 Added "Ghost Pack"/), 'Imported 1, skipped 1, failed 0.'])
    expect(again.code).toBe(0)
  })

  it('says so when the folder has no manifest', async () => {
    expect(await owner('product', 'import', work)).toMatchObject({ code: 1, err: `${work} has no manifest.json or manifest.csv` })
  })
})
