/**
 * A rendered product page under a timed sale (the server renders and keeps pages): while the sale
 * runs it is painted with the sale price struck against the regular one and offers the sale
 * price to search engines; the first request at its end (the clock moved, nothing written) is
 * rendered anew at the regular price.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { formatPrice } from '../../shared/money.ts'
import { salePriceCents } from '../../shared/sales.ts'
import { products, sales, type ProductRow } from '../db/schema.ts'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="als-config" content="%ALS_CONFIG%" /><title>Audio Lab Store</title></head>
  <body><div id="root"></div></body>
</html>`
const HOUR = 3_600_000

let t: TestApp
let clientDir: string
let pack: ProductRow

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-client-'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  t = await createTestApp({ STORE_MODE: 'live' }, { clientDir, renderPages: true })
  const [row] = await t.database.db
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.onSale, false), gt(products.priceCents, 1000)))
    .limit(1)
  pack = row!
})
afterAll(async () => {
  vi.useRealTimers()
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const offeredPrice = (html: string) =>
  (JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { offers: { price: string } }).offers.price

describe('a rendered product page under a timed sale', () => {
  it('is painted with the sale price while it runs, and rendered anew at the regular price at its end', async () => {
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const endsAt = new Date(now + 2 * HOUR)
    await t.database.db
      .insert(sales)
      .values({ name: 'Flash', scope: 'products', productIds: [pack.id], percentOff: 40, startsAt: new Date(now - HOUR), endsAt })
    const salePrice = salePriceCents(pack.priceCents, { percentOff: 40, amountOffCents: null })

    // The catalog hears of the write through its change notice; counted in tries, since the faked clock does not move.
    let html = ''
    for (let tries = 0; tries < 200 && !html.includes(`<s `); tries++) {
      html = (await t.app.inject(`/products/${pack.id}`)).body
      if (!html.includes('<s ')) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(html).toContain(`Sale price: </span>${formatPrice(salePrice)}`)
    expect(html).toContain(`Original price: </span>${formatPrice(pack.priceCents)}`)
    expect(offeredPrice(html)).toBe((salePrice / 100).toFixed(2))

    vi.setSystemTime(endsAt)
    const after = (await t.app.inject(`/products/${pack.id}`)).body
    expect(after).not.toContain('Sale price:')
    expect(after).toContain(`>${formatPrice(pack.priceCents)}</span>`)
    expect(offeredPrice(after)).toBe((pack.priceCents / 100).toFixed(2))
  })
})
