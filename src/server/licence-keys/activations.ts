/**
 * The activation API's rules, as the product's own software meets them: activate (one
 * activation per instance; an instance already holding one keeps it without using another;
 * the key's limit holds under concurrent requests because the key row is locked while the live
 * activations are counted), validate (may this instance run?) and deactivate (frees the
 * instance's activation). A revoked or suspended key is never valid.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { LICENCE_KEY_MESSAGES as MESSAGES, type ActivationAnswer, type ActivationRequest } from '../../shared/contract/licence-keys.ts'
import type { Database, Executor } from '../db/client.ts'
import { normaliseKeyText } from './key-format.ts'
import { licenceActivations, licenceKeys, type LicenceKeyRow } from './licence-keys.schema.ts'

type Status = ActivationAnswer['status']

/** The key the software sent; a serial two products share answers for the newest key. Locked when `lock`. */
async function keyByText(tx: Executor, text: string, lock: boolean): Promise<LicenceKeyRow | null> {
  const query = tx
    .select()
    .from(licenceKeys)
    .where(eq(licenceKeys.key, normaliseKeyText(text)))
    .orderBy(desc(licenceKeys.createdAt))
    .limit(1)
  const [key] = lock ? await query.for('update') : await query
  return key ?? null
}

async function liveActivationsOf(tx: Executor, keyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(licenceActivations)
    .where(and(eq(licenceActivations.keyId, keyId), isNull(licenceActivations.deactivatedAt)))
  return row?.n ?? 0
}

async function liveActivation(tx: Executor, keyId: string, instanceName: string) {
  const [row] = await tx
    .select({ id: licenceActivations.id })
    .from(licenceActivations)
    .where(and(eq(licenceActivations.keyId, keyId), eq(licenceActivations.instanceName, instanceName), isNull(licenceActivations.deactivatedAt)))
  return row ?? null
}

async function answer(tx: Executor, key: LicenceKeyRow, valid: boolean, status: Status, message: string): Promise<ActivationAnswer> {
  return { valid, status, message, productId: key.productId, activationLimit: key.activationLimit, activationsUsed: await liveActivationsOf(tx, key.id) }
}

/** A key that may not run anywhere: its state's answer; null when it is active. */
function refusedByState(tx: Executor, key: LicenceKeyRow): Promise<ActivationAnswer> | null {
  if (key.state === 'revoked') return answer(tx, key, false, 'revoked', MESSAGES.revoked)
  if (key.state === 'suspended') return answer(tx, key, false, 'suspended', MESSAGES.suspended)
  return null
}

/** Null: no such key (the route answers 404). */
export function activate(db: Database, { key: text, instanceName }: ActivationRequest): Promise<ActivationAnswer | null> {
  return db.transaction(async (tx) => {
    const key = await keyByText(tx, text, true)
    if (!key) return null
    const refused = refusedByState(tx, key)
    if (refused) return refused
    if (await liveActivation(tx, key.id, instanceName)) return answer(tx, key, true, 'active', MESSAGES.active)
    if (key.activationLimit !== null && (await liveActivationsOf(tx, key.id)) >= key.activationLimit) {
      return answer(tx, key, false, 'limit_reached', MESSAGES.limitReached)
    }
    await tx.insert(licenceActivations).values({ keyId: key.id, instanceName })
    return answer(tx, key, true, 'active', MESSAGES.activated)
  })
}

export async function validate(db: Database, { key: text, instanceName }: ActivationRequest): Promise<ActivationAnswer | null> {
  const key = await keyByText(db, text, false)
  if (!key) return null
  const refused = refusedByState(db, key)
  if (refused) return refused
  if (await liveActivation(db, key.id, instanceName)) return answer(db, key, true, 'active', MESSAGES.active)
  return answer(db, key, false, 'not_activated', MESSAGES.notActivated)
}

/** Frees the instance's activation, whatever the key's state (a revoked key's buyer may still tidy up). */
export function deactivate(db: Database, { key: text, instanceName }: ActivationRequest): Promise<ActivationAnswer | null> {
  return db.transaction(async (tx) => {
    const key = await keyByText(tx, text, true)
    if (!key) return null
    const freed = await tx
      .update(licenceActivations)
      .set({ deactivatedAt: sql`now()` })
      .where(and(eq(licenceActivations.keyId, key.id), eq(licenceActivations.instanceName, instanceName), isNull(licenceActivations.deactivatedAt)))
      .returning({ id: licenceActivations.id })
    if (freed.length === 0) return answer(tx, key, false, 'not_activated', MESSAGES.notActivated)
    return answer(tx, key, false, 'deactivated', MESSAGES.deactivated)
  })
}

/** Frees one activation by its id, of a key among `keyIds` (the buyer's); false when there is none such live. */
export async function freeActivation(db: Database, keyIds: readonly string[], keyId: string, activationId: string): Promise<boolean> {
  if (!keyIds.includes(keyId)) return false
  const freed = await db
    .update(licenceActivations)
    .set({ deactivatedAt: sql`now()` })
    .where(and(eq(licenceActivations.id, activationId), eq(licenceActivations.keyId, keyId), isNull(licenceActivations.deactivatedAt)))
    .returning({ id: licenceActivations.id })
  return freed.length > 0
}

/** Every live activation of a key ends (a reissue). */
export async function clearActivations(tx: Executor, keyId: string): Promise<void> {
  await tx
    .update(licenceActivations)
    .set({ deactivatedAt: sql`now()` })
    .where(and(eq(licenceActivations.keyId, keyId), isNull(licenceActivations.deactivatedAt)))
}
