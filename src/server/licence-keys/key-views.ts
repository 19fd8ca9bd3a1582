/** Keys as their buyer and the owner see them: the key, its state and its live activations. */
import { and, asc, inArray, isNull } from 'drizzle-orm'
import type { LicenceKeyView } from '../../shared/contract/licence-keys.ts'
import type { Executor } from '../db/client.ts'
import { licenceActivations, licenceKeys, type LicenceKeyRow } from './licence-keys.schema.ts'

export async function viewsOf(tx: Executor, keys: readonly LicenceKeyRow[]): Promise<LicenceKeyView[]> {
  if (keys.length === 0) return []
  const activations = await tx
    .select()
    .from(licenceActivations)
    .where(
      and(
        inArray(
          licenceActivations.keyId,
          keys.map((key) => key.id),
        ),
        isNull(licenceActivations.deactivatedAt),
      ),
    )
    .orderBy(asc(licenceActivations.createdAt))
  return keys.map((key) => ({
    id: key.id,
    orderItemId: key.orderItemId,
    productId: key.productId,
    key: key.key,
    kind: key.kind,
    state: key.state,
    activationLimit: key.activationLimit,
    activations: activations
      .filter((activation) => activation.keyId === key.id)
      .map((activation) => ({ id: activation.id, instanceName: activation.instanceName, activatedAt: activation.createdAt.toISOString() })),
  }))
}

/** The keys of the given order items, in item then creation order. */
export async function keysOfItems(tx: Executor, orderItemIds: readonly string[]): Promise<LicenceKeyView[]> {
  if (orderItemIds.length === 0) return []
  const keys = await tx
    .select()
    .from(licenceKeys)
    .where(inArray(licenceKeys.orderItemId, [...new Set(orderItemIds)]))
    .orderBy(asc(licenceKeys.createdAt), asc(licenceKeys.id))
  const order = new Map(orderItemIds.map((id, index) => [id, index]))
  keys.sort((a, b) => (order.get(a.orderItemId) ?? 0) - (order.get(b.orderItemId) ?? 0))
  return viewsOf(tx, keys)
}
