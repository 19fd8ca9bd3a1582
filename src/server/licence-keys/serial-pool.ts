/**
 * The pool of a product's serials: reserving one per unit for a pending order (two processes
 * never take the same one: the next free row is taken with `for update skip locked`), giving
 * reservations back when the order ends unpaid, handing them out when it is paid, and the
 * owner's CSV import, which also delivers serials to paid items still waiting for one.
 */
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { SerialImportReport } from '../../shared/contract/licence-keys.ts'
import type { Executor } from '../db/client.ts'
import { licenceKeys, licenceSerials } from './licence-keys.schema.ts'
import { readSerialsCsv } from './serials-csv.ts'

export interface ItemRef {
  id: string
  productId: string
  quantity: number
}

const isFree = and(isNull(licenceSerials.reservedItemId), isNull(licenceSerials.assignedAt))

/** The id of the product's oldest free serial, locked for this transaction, skipping those another transaction holds. */
const nextFreeSerial = (productId: string) =>
  sql`(select ${licenceSerials.id} from ${licenceSerials} where ${licenceSerials.productId} = ${productId} and ${licenceSerials.reservedItemId} is null and ${licenceSerials.assignedAt} is null order by ${licenceSerials.createdAt}, ${licenceSerials.id} limit 1 for update skip locked)`

/** Reserves one free serial for a pending order's item; false when the pool has none free. */
export async function reserveSerial(tx: Executor, orderId: string, item: ItemRef): Promise<boolean> {
  const taken = await tx
    .update(licenceSerials)
    .set({ reservedOrderId: orderId, reservedItemId: item.id })
    .where(eq(licenceSerials.id, nextFreeSerial(item.productId)))
    .returning({ id: licenceSerials.id })
  return taken.length > 0
}

/** A pending order ended unpaid: its serials are free again (an assigned serial never is). */
export async function releaseReservations(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(licenceSerials)
    .set({ reservedOrderId: null, reservedItemId: null })
    .where(and(eq(licenceSerials.reservedOrderId, orderId), isNull(licenceSerials.assignedAt)))
}

/** Marks the item's reserved serials handed out, for good; answers them. */
export async function assignReservedSerials(tx: Executor, itemId: string): Promise<{ id: string; serial: string }[]> {
  return tx
    .update(licenceSerials)
    .set({ assignedAt: sql`now()` })
    .where(and(eq(licenceSerials.reservedItemId, itemId), isNull(licenceSerials.assignedAt)))
    .returning({ id: licenceSerials.id, serial: licenceSerials.serial })
}

/** Takes the product's next free serial and hands it out at once (a paid item without a reservation, a reissue); null when none is free. */
export async function assignNextFreeSerial(tx: Executor, productId: string, item: { orderId: string; itemId: string }) {
  const [taken] = await tx
    .update(licenceSerials)
    .set({ reservedOrderId: item.orderId, reservedItemId: item.itemId, assignedAt: sql`now()` })
    .where(eq(licenceSerials.id, nextFreeSerial(productId)))
    .returning({ id: licenceSerials.id, serial: licenceSerials.serial })
  return taken ?? null
}

/** How the product's pool stands: free, handed out, and paid items still waiting for a serial. */
export async function poolOf(tx: Executor, productId: string): Promise<{ left: number; assigned: number; owed: number }> {
  const [left] = await tx
    .select({ n: count() })
    .from(licenceSerials)
    .where(and(eq(licenceSerials.productId, productId), isFree))
  const [assigned] = await tx
    .select({ n: count() })
    .from(licenceSerials)
    .where(and(eq(licenceSerials.productId, productId), isNotNull(licenceSerials.assignedAt)))
  const [owed] = await tx
    .select({ n: count() })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.productId, productId), isNull(licenceKeys.key), eq(licenceKeys.kind, 'serial')))
  return { left: left?.n ?? 0, assigned: assigned?.n ?? 0, owed: owed?.n ?? 0 }
}

type ParsedLine = SerialImportReport['lines'][number]

/** Adds the CSV's serials to the product's pool (serials-csv.ts reads it); a serial already there or repeated in the file is reported, not fatal. */
export async function addSerials(tx: Executor, productId: string, csv: string): Promise<{ added: number; lines: ParsedLine[] }> {
  const parsed = readSerialsCsv(csv)
  const wanted = [...new Set(parsed.flatMap((line) => (line.serial ? [line.serial] : [])))]
  const inserted = new Set<string>()
  // In slices: one statement's parameters are limited.
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await tx
      .insert(licenceSerials)
      .values(wanted.slice(start, start + 1000).map((serial) => ({ productId, serial })))
      .onConflictDoNothing()
      .returning({ serial: licenceSerials.serial })
    for (const row of rows) inserted.add(row.serial)
  }
  const lines = parsed.map(({ serial, line, message }): ParsedLine => {
    if (serial === null) return { line, serial: null, outcome: 'invalid', message }
    if (inserted.delete(serial)) return { line, serial, outcome: 'added', message: null }
    return { line, serial, outcome: 'duplicate', message: 'Already in the pool' }
  })
  return { added: lines.filter((line) => line.outcome === 'added').length, lines }
}

/** Gives the product's waiting keys (paid with "serial sent later") a serial each, oldest first, while the pool lasts. */
export async function deliverOwedSerials(tx: Executor, productId: string): Promise<{ keyId: string; orderId: string; orderItemId: string; serial: string }[]> {
  const owed = await tx
    .select({ id: licenceKeys.id, orderId: licenceKeys.orderId, orderItemId: licenceKeys.orderItemId })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.productId, productId), isNull(licenceKeys.key), eq(licenceKeys.kind, 'serial')))
    .orderBy(asc(licenceKeys.createdAt), asc(licenceKeys.id))
    .for('update', { skipLocked: true })
  const delivered: { keyId: string; orderId: string; orderItemId: string; serial: string }[] = []
  for (const key of owed) {
    const serial = await assignNextFreeSerial(tx, productId, { orderId: key.orderId, itemId: key.orderItemId })
    if (!serial) break
    await tx.update(licenceKeys).set({ key: serial.serial, serialId: serial.id }).where(eq(licenceKeys.id, key.id))
    delivered.push({ keyId: key.id, orderId: key.orderId, orderItemId: key.orderItemId, serial: serial.serial })
  }
  return delivered
}
