/**
 * `owner sale set | list | end`: a sale set from the command line prices the storefront; setting
 * the same name again changes only what is given; categories are named by slug; bad values are
 * refused with the form's words; `end` puts the price back; each change is audited as the CLI.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { Product } from '../../shared/contract/catalog.ts'
import { formatPrice } from '../../shared/money.ts'
import { auditLog, categories, products, sales, type ProductRow } from '../db/schema.ts'

let t: TestApp
let pack: ProductRow
beforeAll(async () => {
  t = await createTestApp()
  const [first] = await t.database.db.select().from(products).where(eq(products.isActive, true)).limit(1)
  pack = first!
})
afterAll(async () => t?.close())

const owner = (...argv: string[]) => runOwner(t, ...argv)
const productOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().data as Product
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 3000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return
  throw new Error('the change was not seen within 3 s')
}

describe('owner sale', () => {
  it('sets a sale the storefront shows, changes only what is given, lists it and ends it, audited as the CLI', async () => {
    const set = await owner('sale', 'set', 'Cyber Monday', '--percent', '30', '--products', pack.id, '--starts', '2020-01-01', '--ends', '2099-01-01')
    expect(set).toEqual({
      code: 0,
      out: 'Created Cyber Monday: 30% off 1 product, from 2020-01-01 00:00 UTC until 2099-01-01 00:00 UTC, running.',
      err: '',
    })
    const salePrice = pack.priceCents - Math.floor((pack.priceCents * 30 + 50) / 100)
    await eventually(async () => (await productOf(pack.id)).priceCents === salePrice)

    // The same name again: only the amount changes (it replaces the percent).
    expect((await owner('sale', 'set', 'Cyber Monday', '--amount', '5.00')).out).toBe(
      'Saved Cyber Monday: $5.00 off 1 product, from 2020-01-01 00:00 UTC until 2099-01-01 00:00 UTC, running.',
    )
    await eventually(async () => (await productOf(pack.id)).priceCents === pack.priceCents - 500)

    const list = await owner('sale', 'list')
    expect(list.code).toBe(0)
    expect(list.out).toContain(
      `Cyber Monday  $5.00 off 1 product  2020-01-01 00:00 UTC – 2099-01-01 00:00 UTC  Running  0 paid order(s), 0 unit(s), ${formatPrice(0)} revenue`,
    )

    const ended = await owner('sale', 'end', 'Cyber Monday')
    expect(ended.code).toBe(0)
    expect(ended.out).toMatch(/^Ended Cyber Monday at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/)
    await eventually(async () => (await productOf(pack.id)).sale === null)
    expect((await productOf(pack.id)).priceCents).toBe(pack.priceCents)
    expect((await owner('sale', 'end', 'Cyber Monday')).out).toBe('Cyber Monday had already ended.')

    const [row] = await t.database.db.select().from(sales).where(eq(sales.name, 'Cyber Monday'))
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id))
    expect(trail.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual([
      ['sale.create', 'owner-cli'],
      ['sale.end', 'owner-cli'],
      ['sale.update', 'owner-cli'],
    ])
  })

  it('names categories by slug and covers their products', async () => {
    const [category] = await t.database.db.select().from(categories).where(eq(categories.id, pack.categoryId!))
    expect((await owner('sale', 'set', 'Category days', '--percent', '10', '--categories', category!.slug, '--ends', '2099-01-01')).out).toMatch(
      new RegExp(`^Created Category days: 10% off ${category!.name}, from .* until 2099-01-01 00:00 UTC, running\\.$`),
    )
    await eventually(async () => (await productOf(pack.id)).sale?.name === 'Category days')
    await owner('sale', 'end', 'Category days')
  })

  it('refuses bad values with the form’s words, and a new sale without a discount or an end', async () => {
    expect(await owner('sale', 'set', 'Nothing off', '--ends', '2099-01-01')).toMatchObject({
      code: 1,
      err: 'Nothing off is a new sale: give --percent or --amount',
    })
    expect(await owner('sale', 'set', 'No end', '--percent', '10')).toMatchObject({ code: 1, err: 'No end is a new sale: give --ends' })
    expect(await owner('sale', 'set', 'Too much', '--percent', '120', '--ends', '2099-01-01')).toMatchObject({
      code: 1,
      err: '--percent: Percent off must be a whole number from 1 to 100',
    })
    expect(await owner('sale', 'set', 'Backwards', '--percent', '10', '--starts', '2099-02-01', '--ends', '2099-01-01')).toMatchObject({
      code: 1,
      err: '--ends: Ends must be after Starts',
    })
    expect(await owner('sale', 'set', 'Nowhere', '--percent', '10', '--categories', 'no-such-shelf', '--ends', '2099-01-01')).toMatchObject({ code: 1 })
    expect(await owner('sale', 'set', 'Both', '--percent', '10', '--products', pack.id, '--store', '--ends', '2099-01-01')).toMatchObject({
      code: 1,
      err: 'Give one of --products, --categories or --store',
    })
    expect(await owner('sale', 'end', 'Never was')).toMatchObject({ code: 1, err: 'No sale named "Never was"' })
    expect(await t.database.db.select().from(sales).where(eq(sales.name, 'Too much'))).toEqual([])
  })
})
