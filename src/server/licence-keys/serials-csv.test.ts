/**
 * The owner console's serial import reads the file as CSV: a quoted serial keeps its commas and
 * its doubled quotes, a BOM and Windows line ends belong to no serial, a line with more fields
 * than the header is refused instead of cut, and a file that is not CSV is refused saying where.
 * The console takes a file up to SERIAL_IMPORT_MAX_BYTES, the route's body limit and what its
 * OpenAPI document says; a larger one is a 413 whose sentence points to the owner CLI.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { asOwner, importSerials } from '../../../tests/support/licence-keys.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { SERIAL_IMPORT_MAX_BYTES, SERIAL_IMPORT_MESSAGES } from '../../shared/contract/licence-keys.ts'
import { licenceSerials, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let products: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  products = await productsWithFiles(t, 5)
  expect(products).toHaveLength(5)
})
afterAll(async () => t?.close())

const storedSerials = async (product: ProductRow) =>
  (await t.database.db.select({ serial: licenceSerials.serial }).from(licenceSerials).where(eq(licenceSerials.productId, product.id)))
    .map((row) => row.serial)
    .sort()
const outcomes = (report: { lines: { line: number; serial: string | null; outcome: string; message: string | null }[] }) =>
  report.lines.map(({ line, serial, outcome, message }) => [line, serial, outcome, message])

describe('importing serials from CSV', () => {
  it('stores a quoted serial whole, with its commas and doubled quotes, under a BOM and Windows line ends', async () => {
    const product = products[0]!
    const report = await importSerials(t, owner, product.id, '\uFEFFserial,note\r\n"SN-B5FDC634,3"\r\n"Q4-AAA,BBB",hello\r\n\r\n"A""B",x\r\n  SN-PLAIN  ,y\r\n')
    expect(outcomes(report)).toEqual([
      [2, 'SN-B5FDC634,3', 'added', null],
      [3, 'Q4-AAA,BBB', 'added', null],
      [5, 'A"B', 'added', null],
      [6, 'SN-PLAIN', 'added', null],
    ])
    expect(await storedSerials(product)).toEqual(['A"B', 'Q4-AAA,BBB', 'SN-B5FDC634,3', 'SN-PLAIN'])
  })

  it('refuses a line whose serial an unquoted comma would cut, with or without a header', async () => {
    const product = products[1]!
    const withHeader = await importSerials(t, owner, product.id, 'serial,note\nSN-1,a\nSN-2,b,c\n')
    expect(outcomes(withHeader)).toEqual([
      [2, 'SN-1', 'added', null],
      [3, null, 'invalid', 'The line has 3 fields but the header has 2 (a comma inside a field needs "quotes")'],
    ])
    const oneSerialPerLine = await importSerials(t, owner, product.id, 'SN-X1\n"SN,X2"\nSN-X3,SN-X4\n')
    expect(outcomes(oneSerialPerLine)).toEqual([
      [1, 'SN-X1', 'added', null],
      [2, 'SN,X2', 'added', null],
      [3, null, 'invalid', 'The line has 2 fields: give one serial per line, or a column named serial (a comma inside a serial needs "quotes")'],
    ])
    expect(await storedSerials(product)).toEqual(['SN,X2', 'SN-1', 'SN-X1'])
  })

  it('refuses a file that is not CSV, saying where, and adds nothing', async () => {
    const product = products[2]!
    const response = await asOwner(t, owner, 'POST', `/api/admin/products/${product.id}/serials`, { csv: 'serial\nSN-OK\n"SN-OPEN\nSN-MORE\n' })
    expect(response.json()).toEqual({
      error: { message: 'The file is not valid CSV: the quote opened on line 3 is never closed', status: 400, code: 'INVALID_CSV' },
    })
    expect(await storedSerials(product)).toEqual([])
  })
})

describe('the size the console takes', () => {
  /** A CSV whose request body is exactly `bytes` long: one serial and a long note. */
  const csvOfBodyBytes = (bytes: number) => {
    const start = 'serial,note\nSN-EDGE,'
    return start + 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify({ csv: start })))
  }

  it('takes a 1.1 MB file', async () => {
    const product = products[3]!
    const csv = `serial,note\nSN-BIG,${'é'.repeat(550_000)}\n`
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1_100_000)
    expect(await importSerials(t, owner, product.id, csv)).toMatchObject({ added: 1, skipped: 0 })
  })

  it('takes a body of exactly the limit; one byte more is a 413 that points to the CLI, as the OpenAPI document says', async () => {
    const product = products[4]!
    const url = `/api/admin/products/${product.id}/serials`
    const atLimit = csvOfBodyBytes(SERIAL_IMPORT_MAX_BYTES)
    expect(Buffer.byteLength(JSON.stringify({ csv: atLimit }))).toBe(SERIAL_IMPORT_MAX_BYTES)
    expect(await importSerials(t, owner, product.id, atLimit)).toMatchObject({ added: 1 })

    const over = await asOwner(t, owner, 'POST', url, { csv: csvOfBodyBytes(SERIAL_IMPORT_MAX_BYTES + 1) })
    expect(over.json()).toEqual({ error: { message: SERIAL_IMPORT_MESSAGES.tooLarge, status: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' } })
    expect(SERIAL_IMPORT_MESSAGES.tooLarge).toContain('npm run owner -- serials import')

    const document = (await t.app.inject('/api/docs/json')).json()
    const csvField = document.paths['/api/admin/products/{id}/serials'].post.requestBody.content['application/json'].schema.properties.csv
    expect(csvField.maxLength).toBe(SERIAL_IMPORT_MAX_BYTES)
    expect(csvField.description).toContain(`${SERIAL_IMPORT_MAX_BYTES.toLocaleString('en-US')} bytes`)
  })
})
