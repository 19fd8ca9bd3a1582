/**
 * Keys in the life of an order item: handed out in the paying transaction (a generated key, the
 * serial reserved at checkout, or a key row waiting for a serial "sent later"), and then
 * following the item's access as after-sale derives it: revoked by a refund or a lost dispute,
 * suspended by an open one, active again when it is won. A key the owner revoked stays revoked.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { DEFAULT_ACTIVATION_LIMIT, type LicenceKeyState } from '../../shared/contract/licence-keys.ts'
import type { Executor } from '../db/client.ts'
import { generateKeyText } from './key-format.ts'
import { keyPolicies, licenceKeys, type KeyPolicyRow, type KeyStateReason } from './licence-keys.schema.ts'
import { assignNextFreeSerial, assignReservedSerials, type ItemRef } from './serial-pool.ts'

export async function policiesOf(tx: Executor, productIds: readonly string[]): Promise<Map<string, KeyPolicyRow>> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return new Map()
  const rows = await tx.select().from(keyPolicies).where(inArray(keyPolicies.productId, ids))
  return new Map(rows.filter((row) => row.kind !== 'none').map((row) => [row.productId, row]))
}

/** Creates the keys of a paid order's items, one per unit, in the paying transaction. */
export async function assignKeys(tx: Executor, orderId: string, items: readonly ItemRef[]): Promise<void> {
  const policies = await policiesOf(
    tx,
    items.map((item) => item.productId),
  )
  for (const item of items) {
    const policy = policies.get(item.productId)
    if (!policy) continue
    const base = { orderId, orderItemId: item.id, productId: item.productId }
    if (policy.kind === 'generated') {
      const activationLimit = policy.activationLimit ?? DEFAULT_ACTIVATION_LIMIT
      const keys = Array.from({ length: item.quantity }, () => ({ ...base, kind: 'generated' as const, key: generateKeyText(), activationLimit }))
      await tx.insert(licenceKeys).values(keys)
      continue
    }
    const serials = await assignReservedSerials(tx, item.id)
    // A unit without a reservation (the pool was empty at checkout, or the policy changed since) takes a free serial now, else waits for one.
    while (serials.length < item.quantity) {
      const serial = await assignNextFreeSerial(tx, item.productId, { orderId, itemId: item.id })
      if (!serial) break
      serials.push(serial)
    }
    const owed = item.quantity - serials.length
    const keys = [
      ...serials.map((serial) => ({ ...base, kind: 'serial' as const, key: serial.serial, serialId: serial.id, activationLimit: policy.activationLimit })),
      ...Array.from({ length: Math.max(0, owed) }, () => ({ ...base, kind: 'serial' as const, key: null, activationLimit: policy.activationLimit })),
    ]
    await tx.insert(licenceKeys).values(keys)
  }
}

export interface ItemAccessChange {
  orderItemId: string
  access: LicenceKeyState
  /** The item's access reason: refunded, dispute_open, dispute_lost, or null when active. */
  accessReason: string | null
}

/** Brings the items' keys to their items' access, in the transaction that settled it. */
export async function followItemAccess(tx: Executor, items: readonly ItemAccessChange[]): Promise<void> {
  const groups = new Map<string, { state: LicenceKeyState; reason: KeyStateReason | null; ids: string[] }>()
  for (const item of items) {
    const reason = item.access === 'active' ? null : (item.accessReason as KeyStateReason | null)
    const group = groups.get(`${item.access}:${reason}`) ?? { state: item.access, reason, ids: [] }
    group.ids.push(item.orderItemId)
    groups.set(`${item.access}:${reason}`, group)
  }
  for (const { state, reason, ids } of groups.values()) {
    await tx
      .update(licenceKeys)
      .set({ state, stateReason: reason, stateChangedAt: sql`now()` })
      .where(
        and(
          inArray(licenceKeys.orderItemId, ids),
          // The owner's revocation is theirs to keep; only keys whose state differs are touched.
          or(isNull(licenceKeys.stateReason), ne(licenceKeys.stateReason, 'owner')),
          or(
            ne(licenceKeys.state, state),
            reason === null ? sql`${licenceKeys.stateReason} is not null` : sql`${licenceKeys.stateReason} is distinct from ${reason}`,
          ),
        ),
      )
  }
}

/** The key row, locked for this transaction. */
export async function lockKey(tx: Executor, keyId: string) {
  const [key] = await tx.select().from(licenceKeys).where(eq(licenceKeys.id, keyId)).for('update')
  return key ?? null
}
