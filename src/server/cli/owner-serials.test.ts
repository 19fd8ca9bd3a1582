/**
 * `owner serials import PRODUCT FILE.csv`: adds the file's serials to the product's pool, named by
 * id or exact name, reports each line not added (a duplicate, an invalid line: exit 1), the
 * totals and the serials left, records the import as the CLI, delivers a serial to a buyer who
 * was waiting for one (emailed), reads the file as CSV (quoted serials whole), and refuses an
 * unknown product or a missing or empty file with its words.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { buyAndPay, keysOf, setKeyPolicy } from '../../../tests/support/licence-keys.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { auditLog, licenceSerials, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let fake: FakePaymentProvider
let storeOwner: SignedInUser
let dir: string
let products: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  storeOwner = await createSignedInUser(t, { email: OWNER })
  dir = await mkdtemp(join(tmpdir(), 'owner-serials-'))
  products = (await productsWithFiles(t, 10)).filter((product) => product.priceCents > 0).slice(0, 4)
  expect(products).toHaveLength(4)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await t?.close()
})

const owner = (...argv: string[]) => runOwner(t, ...argv)
async function csvFile(name: string, text: string) {
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

describe('owner serials import', () => {
  it("adds the file's serials, reports the duplicates, the totals and the serials left, and records the import as the CLI", async () => {
    const product = products[0]!
    const file = await csvFile('first.csv', 'serial,note\nSN-0001,a\nSN-0002,b\n\nSN-0001,again\n')
    const first = await owner('serials', 'import', product.id, file)
    expect(first.code).toBe(0)
    expect(first.out.split('\n')).toEqual([
      'line 5: duplicate "SN-0001": Already in the pool',
      `"${product.name}": 2 added, 1 skipped; 2 serials left.`,
      `Note: "${product.name}" does not sell vendor serials yet: set its licence keys to Vendor serials on its page in the owner console.`,
    ])

    // By its exact name; serials already in the pool are skipped.
    const second = await owner('serials', 'import', product.name, await csvFile('second.csv', 'SN-0002\nSN-0003\n'))
    expect(second.out.split('\n')).toContain(`"${product.name}": 1 added, 1 skipped; 3 serials left.`)

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, product.id), eq(auditLog.action, 'product.import_serials')))
    expect(trail.map((entry) => entry.actorEmail)).toEqual(['owner-cli', 'owner-cli'])
  })

  it('ends with exit code 1 when a line is invalid, after adding the good ones', async () => {
    const product = products[1]!
    const result = await owner('serials', 'import', product.id, await csvFile('long.csv', `SN-OK\n${'X'.repeat(201)}\n`))
    expect(result.code).toBe(1)
    expect(result.out.split('\n')[0]).toBe('line 2: invalid: A serial is at most 200 characters')
    expect(result.out).toContain(`"${product.name}": 1 added, 1 skipped; 1 serial left.`)
  })

  it('delivers a serial to a buyer who paid while the pool was empty, and emails it', async () => {
    const product = products[2]!
    await setKeyPolicy(t, storeOwner, product.id, { kind: 'serials', activationLimit: null, serialSentLater: true })
    const buyer = await createSignedInUser(t)
    await buyAndPay(t, fake, buyer, product.id)
    expect((await keysOf(t, buyer)).map((key) => key.key)).toEqual([null])

    const result = await owner('serials', 'import', product.id, await csvFile('later.csv', 'CLI-LATER-1\nCLI-LATER-2\n'))
    expect(result).toEqual({ code: 0, out: `"${product.name}": 2 added, 0 skipped, 1 serial sent to buyers who were waiting; 1 serial left.`, err: '' })
    const [delivered] = (await keysOf(t, buyer)).map((key) => key.key)
    expect(delivered).toMatch(/^CLI-LATER-[12]$/)
    const emails = (await t.app.mailer.listOutbox()).filter((email) => email.to === buyer.email && email.subject.startsWith('Your licence key'))
    expect(emails.map((email) => email.text.includes(`Licence key for ${product.name}: ${delivered}`))).toEqual([true])
  })

  it('reads the file as CSV: a quoted serial is stored whole, with its commas and doubled quotes', async () => {
    const product = products[3]!
    const file = await csvFile('quoted.csv', '\uFEFFserial,note\r\n"SN-B5FDC634,3"\r\n"Q4-AAA,BBB",hello\r\n"A""B",x\r\n')
    const result = await owner('serials', 'import', product.id, file)
    expect(result.out.split('\n')[0]).toBe(`"${product.name}": 3 added, 0 skipped; 3 serials left.`)
    const stored = await t.database.db.select({ serial: licenceSerials.serial }).from(licenceSerials).where(eq(licenceSerials.productId, product.id))
    expect(stored.map((row) => row.serial).sort()).toEqual(['A"B', 'Q4-AAA,BBB', 'SN-B5FDC634,3'])
  })

  it('refuses an unknown product, a missing file and an empty one', async () => {
    const file = await csvFile('ok.csv', 'SN-9\n')
    expect(await owner('serials', 'import', 'No Such Plugin', file)).toEqual({ code: 1, out: '', err: 'No product with the id or name "No Such Plugin"' })
    const missing = join(dir, 'missing.csv')
    expect(await owner('serials', 'import', products[0]!.id, missing)).toEqual({ code: 1, out: '', err: `No file at ${missing}` })
    const empty = await csvFile('empty.csv', '\n\n')
    expect(await owner('serials', 'import', products[0]!.id, empty)).toMatchObject({
      code: 1,
      err: `${empty} is empty: give one serial per line, or a column named serial`,
    })
  })
})
