/**
 * Invoice numbers under load, on PostgreSQL only (PGlite has one connection, so nothing there
 * runs at the same time): 50 guest orders are paid at the same moment through two app
 * instances, each with its own connection pool on the one database, as two store processes
 * would be, and a tenth of the payments is reported twice, once to each. Every order gets one
 * invoice, and the 50 invoices carry 50 consecutive numbers of the year's series: no number
 * twice, none skipped, and the series' counter ends on the last one.
 */
import { inArray, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { buildApp } from '../app.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { orders } from '../db/schema.ts'
import { taxDocumentCounters, taxDocuments } from './tax.schema.ts'

const ORDERS = 50
const YEAR = new Date().getUTCFullYear()

describe.runIf(process.env.DATABASE_URL)('invoice numbers when 50 orders are paid at once over two app instances', () => {
  let t: TestApp
  let secondDatabase: DatabaseHandle
  let second: FastifyInstance
  let fake: FakePaymentProvider
  let productId: string

  beforeAll(async () => {
    t = await createTestApp()
    fake = useFakePayments(t)
    secondDatabase = await openDatabase({ databaseUrl: t.config.databaseUrl, maxConnections: 10 })
    second = await buildApp({ config: t.config, database: secondDatabase, clientDir: null, logger: false })
    await second.ready()
    // One provider for both, as one Stripe account serves every process of a store.
    second.payments = fake
    productId = (await productsWithFiles(t, 1))[0]!.id
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await secondDatabase?.close()
    await t?.close()
  })

  it('gives the 50 invoices 50 consecutive numbers: no duplicate, no gap', async () => {
    const instances: TestApp[] = [t, { ...t, app: second }]
    const sessions = await Promise.all(
      Array.from({ length: ORDERS }, (_, index) =>
        createSession(
          instances[index % 2]!,
          { checkoutType: 'direct', customerEmail: uniqueEmail(`race-${index}`), items: [{ productId, quantity: 1 }] },
          { remoteAddress: `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}` },
        ),
      ),
    )
    const paid = sessions.map((session) => fake.pay(session.sessionId))

    // Every payment reported at once, half to each instance; every tenth one a second time to the other.
    const deliveries = paid.flatMap((session, index) => [
      deliverEvent(instances[index % 2]!, fake, 'checkout.session.completed', session),
      ...(index % 10 === 0 ? [deliverEvent(instances[(index + 1) % 2]!, fake, 'checkout.session.completed', session)] : []),
    ])
    const answers = await Promise.all(deliveries)
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200))

    const orderIds = sessions.map((session) => session.orderId)
    const { db } = t.database
    const completed = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, orderIds))
    expect(completed.map((order) => order.status)).toEqual(orderIds.map(() => 'COMPLETED'))

    const invoices = await db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, orderIds))
    expect(invoices).toHaveLength(ORDERS)
    expect(new Set(invoices.map((invoice) => invoice.orderId)).size).toBe(ORDERS)
    const sequences = invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)
    const first = sequences[0]!
    expect(sequences).toEqual(Array.from({ length: ORDERS }, (_, index) => first + index))
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(ORDERS)
    for (const invoice of invoices) expect(invoice.number).toBe(`${YEAR}-${String(invoice.sequence).padStart(6, '0')}`)

    // The whole year's series so far: every number from 1 to the counter's, once.
    const [counter] = await db
      .select()
      .from(taxDocumentCounters)
      .where(eq(taxDocumentCounters.series, `invoice:${YEAR}`))
    const series = await db.select({ sequence: taxDocuments.sequence }).from(taxDocuments).where(eq(taxDocuments.year, YEAR))
    const all = series.map((row) => row.sequence).sort((a, b) => a - b)
    expect(counter!.lastNumber).toBe(first + ORDERS - 1)
    expect(all).toEqual(Array.from({ length: counter!.lastNumber }, (_, index) => index + 1))
  }, 120_000)
})
