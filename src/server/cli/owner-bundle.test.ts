/**
 * `owner bundle add|show`: puts products after those a bundle holds (making a product a bundle),
 * sets the floor only when given, refuses what the console refuses with its words (exit 1), and
 * records each change as the CLI; the store lists what the CLI put in.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { BUNDLE_MESSAGES } from '../../shared/contract/bundles.ts'
import { formatPrice } from '../../shared/money.ts'
import { auditLog, type ProductRow } from '../db/schema.ts'

let t: TestApp
let bundle: ProductRow
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp()
  ;[bundle, ...packs] = (await productsWithFiles(t, 4)) as [ProductRow, ...ProductRow[]]
})
afterAll(async () => t?.close())

const owner = (...argv: string[]) => runOwner(t, ...argv)
const line = (index: number, pack: ProductRow) => `  ${index}. ${pack.name}  ${formatPrice(pack.priceCents)}  ${pack.id}`

describe('owner bundle', () => {
  it('adds products after those the bundle holds, keeps the floor unless given, and shows the bundle', async () => {
    const [first, second, third] = packs
    expect(await owner('bundle', 'show', bundle.id)).toEqual({ code: 0, out: `${bundle.name} is not a bundle.`, err: '' })

    const added = await owner('bundle', 'add', bundle.id, first!.id, second!.id, '--floor', '10.00')
    expect(added).toEqual({
      code: 0,
      out: [`${bundle.name} (${formatPrice(bundle.priceCents)}, floor $10.00) holds 2 products:`, line(1, first!), line(2, second!)].join('\n'),
      err: '',
    })
    // One already in it stays where it is; the floor stays as it was.
    expect((await owner('bundle', 'add', bundle.id, third!.id, first!.id)).out.split('\n')).toEqual([
      `${bundle.name} (${formatPrice(bundle.priceCents)}, floor $10.00) holds 3 products:`,
      line(1, first!),
      line(2, second!),
      line(3, third!),
    ])
    expect((await owner('bundle', 'show', bundle.id)).out.split('\n')).toHaveLength(4)
    const listed = (await t.app.inject(`/api/products/${bundle.id}/bundle-items`)).json().data as { id: string }[]
    expect(listed.map((item) => item.id)).toEqual([first!.id, second!.id, third!.id])

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, bundle.id), eq(auditLog.action, 'product.bundle')))
    expect(trail.map((entry) => entry.actorEmail)).toEqual(['owner-cli', 'owner-cli'])
  })

  it('refuses what the console refuses, with its words and exit code 1', async () => {
    expect(await owner('bundle', 'add', packs[0]!.id, bundle.id)).toMatchObject({ code: 1, err: BUNDLE_MESSAGES.nested(bundle.name) })
    expect(await owner('bundle', 'add', bundle.id, 'not-a-product')).toMatchObject({ code: 1, err: BUNDLE_MESSAGES.unknownProduct })
    expect(await owner('bundle', 'add', bundle.id, packs[0]!.id, '--floor', 'ten')).toMatchObject({
      code: 1,
      err: '--floor: ten is not an amount in dollars, like 10.00',
    })
    expect(await owner('bundle', 'show', crypto.randomUUID())).toMatchObject({ code: 1, err: 'Product not found' })
  })
})
