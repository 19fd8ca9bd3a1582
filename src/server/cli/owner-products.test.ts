/**
 * The owner CLI adding products with their files: `product add` stores the file with its
 * sha256, makes the cover and preview, puts the product live and audits each step as the CLI;
 * bad input is refused with the form's words and nothing half-added stays; `product import`
 * reads a CSV or JSON manifest as untrusted input: files must stay inside the folder (after
 * symlinks), a manifest that does not parse is one clear line, a bad line is refused on its own
 * while the others are added, and each of 10,000 lines is reported.
 * Runs on PGlite and, under test:pg, on PostgreSQL.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lena from 'audio-lena'
import { eq, like } from 'drizzle-orm'
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
  await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toFile(join(work, 'cover.jpg'))
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
    const added = await owner(
      'product',
      'add',
      '--name',
      name,
      '--price',
      '19.50',
      '--category',
      'Sample Packs',
      '--file',
      join(work, 'pack.zip'),
      '--cover',
      join(work, 'cover.jpg'),
      '--preview',
      join(work, 'preview.flac'),
      '--bpm',
      '94',
      '--tags',
      'breaks, tape',
      '--type',
      'loops',
      '--type',
      'one-shots',
    )
    expect(added.err).toBe('')
    expect(added.code).toBe(0)
    const row = await productNamed(name)
    expect(added.out).toBe(`Added "${name}" at $19.50 (pack.zip 1.5 MB sha256 ${sha256(packBytes)}; cover; preview), in the store at /products/${row!.id}.`)
    expect(row).toMatchObject({
      isActive: true,
      priceCents: 1950,
      fileSize: packBytes.length,
      fileSha256: sha256(packBytes),
      metadata: expect.objectContaining({ bpm: 94, tags: ['breaks', 'tape'], types: ['loops', 'one-shots'] }),
    })
    expect(readFileSync(join(t.dataDir, 'files', row!.fileUrl!)).equals(packBytes)).toBe(true)
    expect(row!.imageUrl).toMatch(/^\/media\/products\/.+-640\.webp$/)
    expect(row!.previewPeaks).toHaveLength(96)

    const store = await t.app.inject(`/api/products/${row!.id}`)
    expect(store.statusCode).toBe(200)
    expect(store.json().data).toMatchObject({ name, priceCents: 1950, audioPreview: expect.stringMatching(/\.mp3$/) })
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id))
    expect(trail.map((entry) => entry.action).sort()).toEqual([
      'product.cover',
      'product.create',
      'product.file_version_add',
      'product.preview',
      'product.update',
    ])
    expect(new Set(trail.map((entry) => entry.actorEmail))).toEqual(new Set(['owner-cli']))
  })

  it('refuses a price that is not an amount with the form\u2019s words, and an unknown category with the list of slugs', async () => {
    const free = await owner('product', 'add', '--name', 'Free Pack', '--price', 'free', '--file', join(work, 'pack.zip'))
    expect(free).toMatchObject({ code: 1, err: '--price: Price must be 0 (free) or more, with at most 2 decimals' })
    const lost = await owner('product', 'add', '--name', 'Lost Pack', '--price', '5', '--category', 'vinyl', '--file', join(work, 'pack.zip'))
    expect(lost.code).toBe(1)
    expect(lost.err).toMatch(/^No category "vinyl"\. The store has: .*sample-packs/)
    expect(await productNamed('Free Pack')).toBeUndefined()
    expect(await productNamed('Lost Pack')).toBeUndefined()
  })

  it('adds a pay-what-you-want product with --pwyw-min (--price is the suggested amount), and refuses a minimum above it', async () => {
    const name = `Tip Jar Loops ${uniqueEmail('x').slice(2, 10)}`
    const added = await owner('product', 'add', '--name', name, '--price', '12', '--pwyw-min', '4.50', '--file', join(work, 'pack.zip'))
    expect(added).toMatchObject({ code: 0, err: '' })
    expect(added.out).toContain(`Added "${name}" at pay what you want from $4.50 (suggested $12.00) (pack.zip`)
    expect(await productNamed(name)).toMatchObject({ priceModel: 'pwyw', minPriceCents: 450, priceCents: 1200, isActive: true })
    const refused = await owner('product', 'add', '--name', 'Greedy Pack', '--price', '3', '--pwyw-min', '5', '--file', join(work, 'pack.zip'))
    expect(refused).toMatchObject({ code: 1, err: '--pwyw-min: Minimum price must be at most the suggested price' })
    expect(await productNamed('Greedy Pack')).toBeUndefined()
  })

  it('removes the half-added product and its stored file when the preview is not audio', async () => {
    const stored = () => readdirSync(join(t.dataDir, 'files', 'products')).length
    const before = stored()
    const refused = await owner(
      'product',
      'add',
      '--name',
      'Broken Preview Pack',
      '--price',
      '9.99',
      '--file',
      join(work, 'pack.zip'),
      '--preview',
      join(work, 'not-audio.wav'),
    )
    expect(refused).toMatchObject({ code: 1, err: 'Broken Preview Pack: The audio preview must be a WAV, MP3, FLAC or OGG file' })
    expect(await productNamed('Broken Preview Pack')).toBeUndefined()
    expect(stored()).toBe(before)
  })
})

describe('owner product import', () => {
  /** A fresh import folder under the work folder with these files (text, or a symlink target). */
  function importFolder(name: string, files: Record<string, string | { linkTo: string }>): string {
    const dir = join(work, name)
    mkdirSync(dir)
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      if (typeof content === 'string') writeFileSync(join(dir, path), content)
      else symlinkSync(content.linkTo, join(dir, path))
    }
    return dir
  }
  /** A manifest.json with one entry a line: entry N is on line N + 1. */
  const jsonLines = (entries: unknown[]) => `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`

  it('adds what a CSV manifest lists, reports each line, and skips what is already there when run again', async () => {
    const dir = join(work, 'drop')
    mkdirSync(dir)
    copyFileSync(join(work, 'pack.zip'), join(dir, 'warehouse.zip'))
    copyFileSync(join(work, 'cover.jpg'), join(dir, 'warehouse.jpg'))
    writeFileSync(
      join(dir, 'manifest.csv'),
      [
        'name,price,category,file,cover,bpm,genre,tags,types',
        'Warehouse Rollers,29.00,sample-packs,warehouse.zip,warehouse.jpg,132,Techno,"techno, rumble",loops',
        'Ghost Pack,12.00,sample-packs,missing.zip,,,,,',
      ].join('\n'),
    )
    const first = await owner('product', 'import', dir)
    expect(first.code).toBe(1)
    expect(first.out.split('\n')).toEqual([
      expect.stringMatching(
        /^line 2: Added "Warehouse Rollers" at \$29\.00 \(warehouse\.zip 1\.5 MB sha256 [0-9a-f]{64}; cover\), in the store at \/products\/[0-9a-f-]{36}\.$/,
      ),
      'line 3: refused "Ghost Pack": "file" missing.zip cannot be read',
      '1 imported, 0 skipped (already in the store), 1 refused.',
    ])
    expect(await productNamed('Warehouse Rollers')).toMatchObject({
      isActive: true,
      metadata: expect.objectContaining({ genre: 'Techno', bpm: 132, tags: ['techno', 'rumble'], types: ['loops'] }),
    })

    writeFileSync(join(dir, 'missing.zip'), 'now it is here')
    const again = await owner('product', 'import', dir)
    expect(again.out.split('\n')).toEqual([
      'line 2: skipped "Warehouse Rollers": already in the store',
      expect.stringMatching(/^line 3: Added "Ghost Pack"/),
      '1 imported, 1 skipped (already in the store), 0 refused.',
    ])
    expect(again.code).toBe(0)
  })

  it('says so when the folder has no manifest', async () => {
    expect(await owner('product', 'import', work)).toMatchObject({ code: 1, err: `${work} has no manifest.json or manifest.csv` })
  })

  it('refuses a line naming a file outside the folder (../, absolute, a symlink out) and imports the rest, a symlink inside too', async () => {
    writeFileSync(join(work, 'private.txt'), 'the owner\u2019s tax return')
    const dir = importFolder('paths', {
      'inside.zip': 'inside pack',
      'stems/real.zip': 'real stems',
      'alias.zip': { linkTo: join('stems', 'real.zip') },
      'leak.zip': { linkTo: join(work, 'private.txt') },
      up: { linkTo: work },
    })
    writeFileSync(
      join(dir, 'manifest.json'),
      jsonLines([
        { name: 'Dots Pack', price: 5, file: '../private.txt' },
        { name: 'Absolute Pack', price: 5, file: '/etc/hostname' },
        { name: 'Link Out Pack', price: 5, file: 'leak.zip' },
        { name: 'Cover Out Pack', price: 5, file: 'inside.zip', cover: 'up/private.txt' },
        { name: 'Preview Out Pack', price: 5, file: 'inside.zip', preview: 'stems/../../private.txt' },
        { name: 'Link Inside Pack', price: 5, file: 'alias.zip' },
        { name: 'Plain Inside Pack', price: 5, file: 'inside.zip' },
      ]),
    )
    const result = await owner('product', 'import', dir)
    expect(result.err).toBe('')
    expect(result.code).toBe(1)
    expect(result.out.split('\n')).toEqual([
      'entry 1 (line 2): refused "Dots Pack": "file" ../private.txt is outside the import folder',
      'entry 2 (line 3): refused "Absolute Pack": "file" /etc/hostname is an absolute path: name it relative to the import folder',
      'entry 3 (line 4): refused "Link Out Pack": "file" leak.zip is outside the import folder (it is a link)',
      'entry 4 (line 5): refused "Cover Out Pack": "cover" up/private.txt is outside the import folder (it is a link)',
      'entry 5 (line 6): refused "Preview Out Pack": "preview" stems/../../private.txt is outside the import folder',
      expect.stringMatching(/^entry 6 \(line 7\): Added "Link Inside Pack" at \$5\.00 \(alias\.zip < 0\.1 MB sha256 [0-9a-f]{64}\), in the store/),
      expect.stringMatching(/^entry 7 \(line 8\): Added "Plain Inside Pack"/),
      '2 imported, 0 skipped (already in the store), 5 refused.',
    ])
    for (const refused of ['Dots Pack', 'Absolute Pack', 'Link Out Pack', 'Cover Out Pack', 'Preview Out Pack'])
      expect(await productNamed(refused)).toBeUndefined()
    const linked = await productNamed('Link Inside Pack')
    expect(linked).toMatchObject({ isActive: true, fileSize: 'real stems'.length, fileSha256: sha256(Buffer.from('real stems')) })
    expect(readFileSync(join(t.dataDir, 'files', linked!.fileUrl!), 'utf8')).toBe('real stems')
  })

  it('refuses a manifest that does not parse with one line saying where, and adds nothing', async () => {
    const json = importFolder('broken-json', { 'a.zip': 'a' })
    writeFileSync(
      join(json, 'manifest.json'),
      '[\n{"name": "Broken Json A", "price": 5, "file": "a.zip"},\n{"name": "Broken Json B", "price": 5 "file": "a.zip"}\n]\n',
    )
    expect(await owner('product', 'import', json)).toEqual({
      code: 1,
      out: '',
      err: "manifest.json is not valid JSON at line 3, column 38: Expected ',' or '}' after property value",
    })

    const csv = importFolder('broken-csv', { 'a.zip': 'a' })
    writeFileSync(join(csv, 'manifest.csv'), 'name,price,file\nBroken Csv A,5,a.zip\n"Broken Csv B,5,a.zip\nBroken Csv C,5,a.zip\n')
    expect(await owner('product', 'import', csv)).toEqual({
      code: 1,
      out: '',
      err: 'manifest.csv is not valid CSV: the quote opened on line 3 is never closed',
    })

    const notList = importFolder('not-a-list', { 'a.zip': 'a' })
    writeFileSync(join(notList, 'manifest.json'), '{"name": "Broken Json C", "price": 5, "file": "a.zip"}')
    expect(await owner('product', 'import', notList)).toEqual({ code: 1, out: '', err: 'manifest.json must hold an array of products' })
    for (const name of ['Broken Json A', 'Broken Json B', 'Broken Json C', 'Broken Csv A', 'Broken Csv C']) expect(await productNamed(name)).toBeUndefined()
  })

  it('refuses a malformed entry (null, a missing field, a bad value) on its line and imports the others', async () => {
    const dir = importFolder('mixed-json', { 'a.zip': 'a', 'b.zip': 'b' })
    writeFileSync(
      join(dir, 'manifest.json'),
      jsonLines([
        { name: 'Mixed Good One', price: '4.99', file: 'a.zip' },
        null,
        { name: 'Mixed No File', price: 5 },
        { name: 'Mixed Bad Limit', price: 5, file: 'a.zip', downloadLimit: 'lots' },
        'Mixed Text Entry',
        { name: 'Mixed Good Two', price: 6, file: 'b.zip', downloadLimit: '', bpm: null },
      ]),
    )
    const result = await owner('product', 'import', dir)
    expect(result.code).toBe(1)
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^entry 1 \(line 2\): Added "Mixed Good One" at \$4\.99/),
      'entry 2 (line 3): refused: not a product: each entry must be an object with name, price and file',
      'entry 3 (line 4): refused "Mixed No File": file is required: the product file buyers download',
      'entry 4 (line 5): refused "Mixed Bad Limit": downloadLimit: Download limit must be a whole number from 1 to 100',
      'entry 5 (line 6): refused: not a product: each entry must be an object with name, price and file',
      expect.stringMatching(/^entry 6 \(line 7\): Added "Mixed Good Two" at \$6\.00/),
      '2 imported, 0 skipped (already in the store), 4 refused.',
    ])
    expect(await productNamed('Mixed Good Two')).toMatchObject({ isActive: true, downloadLimit: 3 })
    expect(await productNamed('Mixed No File')).toBeUndefined()
    expect(await productNamed('Mixed Bad Limit')).toBeUndefined()
  })

  it('gives an empty CSV cell the default `product add` gives, and names the column in a refusal', async () => {
    const dir = importFolder('defaults-csv', { 'a.zip': 'a' })
    writeFileSync(
      join(dir, 'manifest.csv'),
      [
        'name,price,file,downloadLimit,bpm,active',
        'Csv Default Limit,7.50,a.zip,,,',
        'Csv Zero Limit,7.50,a.zip,0,,',
        'Csv Loose Comma,7.50,a.zip,3,90,true,extra',
      ].join('\n'),
    )
    const result = await owner('product', 'import', dir)
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^line 2: Added "Csv Default Limit" at \$7\.50 .*, in the store at/),
      'line 3: refused "Csv Zero Limit": downloadLimit: Download limit must be a whole number from 1 to 100',
      'line 4: refused "Csv Loose Comma": has 7 fields but the header has 6 (a comma inside a field needs "quotes")',
      '1 imported, 0 skipped (already in the store), 2 refused.',
    ])
    expect(result.out).not.toContain('--download-limit')
    expect(await productNamed('Csv Default Limit')).toMatchObject({ isActive: true, downloadLimit: 3 })
  })

  it('reports every line of a 10,000-line manifest and imports its good lines', { timeout: 120_000 }, async () => {
    const dir = importFolder('long', { 'good.zip': 'good' })
    const rows = Array.from({ length: 9_998 }, (_, index) => `Long Leak ${index + 1},5,../private.txt`)
    writeFileSync(
      join(dir, 'manifest.csv'),
      ['name,price,file', ...rows.slice(0, 5_000), 'Long Good One,5,good.zip', ...rows.slice(5_000), 'Long Good Two,5,good.zip'].join('\n'),
    )
    const result = await owner('product', 'import', dir)
    const lines = result.out.split('\n')
    expect(result.code).toBe(1)
    expect(lines).toHaveLength(10_001)
    expect(lines[0]).toBe('line 2: refused "Long Leak 1": "file" ../private.txt is outside the import folder')
    expect(lines[5_000]).toMatch(/^line 5002: Added "Long Good One"/)
    expect(lines[9_999]).toMatch(/^line 10001: Added "Long Good Two"/)
    expect(lines.at(-1)).toBe('2 imported, 0 skipped (already in the store), 9998 refused.')
    const leaked = await t.database.db.select({ id: products.id }).from(products).where(like(products.name, 'Long Leak %'))
    expect(leaked).toEqual([])
  })
})
