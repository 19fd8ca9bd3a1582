/**
 * Licence keys, as the other capabilities ask for them: checkout reserves serials for a
 * pending order (and refuses a sold-out product before any payment starts), pending orders
 * give reservations back when they end unpaid, fulfilment hands the keys out in the paying
 * transaction, after-sale makes them follow the item's access. The activation API, the buyer's
 * keys and the owner's policy, pool and key actions are answered here too.
 */
import { eq } from 'drizzle-orm'
import {
  DEFAULT_ACTIVATION_LIMIT,
  DEFAULT_LOW_SERIALS_THRESHOLD,
  type ActivationAnswer,
  type ActivationRequest,
  type AdminKeyPolicy,
  type KeyPolicy,
  type LicenceKeyView,
  type SerialImportReport,
} from '../../shared/contract/licence-keys.ts'
import type { DownloadLink } from '../../shared/contract/order-access.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { AppError, notFound } from '../http/errors.ts'
import { activate, clearActivations, deactivate, freeActivation, validate } from './activations.ts'
import { assignKeys, followItemAccess, lockKey, policiesOf } from './key-assignment.ts'
import { generateKeyText } from './key-format.ts'
import { keysOfItems, viewsOf } from './key-views.ts'
import { keyPolicies, licenceKeys, type LicenceKeyRow } from './licence-keys.schema.ts'
import { serialDeliveredEmail } from './serial-delivered-email.ts'
import { addSerials, assignNextFreeSerial, deliverOwedSerials, poolOf, releaseReservations, reserveSerial, type ItemRef } from './serial-pool.ts'

export type { ItemRef }

export const LICENCE_KEY_ADMIN_MESSAGES = {
  keyNotFound: 'Licence key not found',
  productNotFound: 'Product not found',
  noSerialsLeft: 'No free serials are left for this product: add serials first',
  notCounted: "This serial's activations are counted by its vendor, not by the store",
} as const

/** Records an owner's change in the transaction that makes it (audit/audit.service.ts). */
export type AuditChange = (tx: Executor, change: { before: Record<string, unknown> | null; after: Record<string, unknown> }) => Promise<void>

export interface LicenceKeysServiceDeps {
  db: Database
  /** Tells an unknown product from one without a policy. */
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  /** A serial delivered by an import is emailed to its buyer, queued with the import. */
  mailer: Pick<Mailer, 'enqueue' | 'nudge'>
  /** Who bought each order: where its delivered serial goes (pending-orders.service.ts). */
  buyersOf: (tx: Executor, orderIds: readonly string[]) => Promise<Map<string, { email: string; userId: string | null }>>
  /** Where each order's emails send its buyer (order-links.service.ts): a guest gets their private order link. */
  downloadLinksFor: (tx: Executor, orders: readonly { id: string; userId: string | null }[]) => Promise<Map<string, DownloadLink>>
  publicUrl: string
}

type SerialDeliveryDeps = Pick<LicenceKeysServiceDeps, 'mailer' | 'buyersOf' | 'downloadLinksFor' | 'publicUrl'>

/** Queued with the delivery: the buyer hears of their serial once, and only if it was really handed out. */
async function emailDeliveredSerials(
  tx: Executor,
  { mailer, buyersOf, downloadLinksFor, publicUrl }: SerialDeliveryDeps,
  productName: string,
  delivered: readonly { keyId: string; orderId: string; serial: string }[],
): Promise<void> {
  const buyers = await buyersOf(
    tx,
    delivered.map((key) => key.orderId),
  )
  const links = await downloadLinksFor(
    tx,
    [...buyers].map(([id, buyer]) => ({ id, userId: buyer.userId })),
  )
  for (const key of delivered) {
    const buyer = buyers.get(key.orderId)
    const downloadLink = links.get(key.orderId)
    if (!buyer || !downloadLink) continue
    const email = serialDeliveredEmail({ to: buyer.email, orderId: key.orderId, productName, serial: key.serial, downloadLink, publicUrl })
    await mailer.enqueue(tx, email, { dedupeKey: `serial-delivered:${key.keyId}:${key.serial}` })
  }
}

const DEFAULT_POLICY: KeyPolicy = { kind: 'none', activationLimit: null, lowSerialsThreshold: DEFAULT_LOW_SERIALS_THRESHOLD, serialSentLater: false }

export function createLicenceKeysService({ db, catalog, ...delivery }: LicenceKeysServiceDeps) {
  async function requireProduct(productId: string): Promise<void> {
    if (!(await catalog.productSummariesByIds([productId])).has(productId)) throw notFound(LICENCE_KEY_ADMIN_MESSAGES.productNotFound)
  }

  async function adminPolicy(tx: Executor, productId: string): Promise<AdminKeyPolicy> {
    const [row] = await tx.select().from(keyPolicies).where(eq(keyPolicies.productId, productId))
    const policy: KeyPolicy = row
      ? { kind: row.kind, activationLimit: row.activationLimit, lowSerialsThreshold: row.lowSerialsThreshold, serialSentLater: row.serialSentLater }
      : DEFAULT_POLICY
    const pool = await poolOf(tx, productId)
    return {
      ...policy,
      serialsLeft: pool.left,
      serialsAssigned: pool.assigned,
      serialsOwed: pool.owed,
      lowSerials: policy.kind === 'serials' && pool.left <= policy.lowSerialsThreshold,
    }
  }

  /** An owner's action on one key, under its row lock; 404 for an unknown key. */
  function onKey<T>(keyId: string, act: (tx: Executor, key: LicenceKeyRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const key = await lockKey(tx, keyId)
      if (!key) throw notFound(LICENCE_KEY_ADMIN_MESSAGES.keyNotFound, 'LICENCE_KEY_NOT_FOUND')
      return act(tx, key)
    })
  }

  const viewOf = async (tx: Executor, keyId: string) => {
    const [row] = await tx.select().from(licenceKeys).where(eq(licenceKeys.id, keyId))
    return (await viewsOf(tx, [row!]))[0]!
  }

  return {
    /**
     * Checkout: one free serial per unit of each item whose product sells serials, in the
     * transaction that writes the pending order. Answers the first product that has none left
     * (and does not allow "serial sent later"); the caller then refuses the checkout, rolling
     * back the order and whatever was reserved.
     */
    async reserveSerials(tx: Executor, orderId: string, items: readonly ItemRef[]): Promise<{ productId: string } | null> {
      const policies = await policiesOf(
        tx,
        items.map((item) => item.productId),
      )
      for (const item of items) {
        const policy = policies.get(item.productId)
        if (policy?.kind !== 'serials') continue
        for (let unit = 0; unit < item.quantity; unit++) {
          if (await reserveSerial(tx, orderId, item)) continue
          if (policy.serialSentLater) break
          return { productId: item.productId }
        }
      }
      return null
    },

    releaseReservations,
    assignKeys,
    followItemAccess,

    /** The texts of the items' keys that still work, per item (null: a serial still owed), for the receipt. */
    async keyTextsOfItems(tx: Executor, orderItemIds: readonly string[]): Promise<Map<string, (string | null)[]>> {
      const texts = new Map<string, (string | null)[]>()
      for (const key of await keysOfItems(tx, orderItemIds)) {
        if (key.state === 'revoked') continue
        texts.set(key.orderItemId, [...(texts.get(key.orderItemId) ?? []), key.key])
      }
      return texts
    },

    /** The keys of these order items (the buyer's, a guest order's, an order's for the owner). */
    keysOfItems: (orderItemIds: readonly string[]): Promise<LicenceKeyView[]> => keysOfItems(db, orderItemIds),

    async keysOfOrder(orderId: string): Promise<LicenceKeyView[]> {
      const rows = await db.select().from(licenceKeys).where(eq(licenceKeys.orderId, orderId)).orderBy(licenceKeys.createdAt, licenceKeys.id)
      return viewsOf(db, rows)
    },

    /** The activation API; null for a key the store never issued. */
    activate: (request: ActivationRequest): Promise<ActivationAnswer | null> => activate(db, request),
    validate: (request: ActivationRequest): Promise<ActivationAnswer | null> => validate(db, request),
    deactivate: (request: ActivationRequest): Promise<ActivationAnswer | null> => deactivate(db, request),

    /** The buyer frees one activation of one of their keys (`keyIds`); false for any other. */
    freeActivation: (keyIds: readonly string[], keyId: string, activationId: string): Promise<boolean> => freeActivation(db, keyIds, keyId, activationId),

    async adminPolicy(productId: string): Promise<AdminKeyPolicy> {
      await requireProduct(productId)
      return adminPolicy(db, productId)
    },

    /** Saves a product's policy; keys already handed out keep theirs. */
    async savePolicy(productId: string, policy: KeyPolicy, audit: AuditChange): Promise<AdminKeyPolicy> {
      await requireProduct(productId)
      return db.transaction(async (tx) => {
        const before = await adminPolicy(tx, productId)
        const saved = {
          ...policy,
          activationLimit: policy.kind === 'generated' ? (policy.activationLimit ?? DEFAULT_ACTIVATION_LIMIT) : policy.activationLimit,
        }
        await tx
          .insert(keyPolicies)
          .values({ productId, ...saved })
          .onConflictDoUpdate({ target: keyPolicies.productId, set: { ...saved, updatedAt: new Date() } })
        const after = await adminPolicy(tx, productId)
        const fields = (view: AdminKeyPolicy) => ({
          kind: view.kind,
          activationLimit: view.activationLimit,
          lowSerialsThreshold: view.lowSerialsThreshold,
          serialSentLater: view.serialSentLater,
        })
        await audit(tx, { before: fields(before), after: fields(after) })
        return after
      })
    },

    /** Adds the CSV's serials to the pool and delivers them to paid items waiting for one, oldest first. */
    async importSerials(productId: string, csv: string, audit: AuditChange): Promise<SerialImportReport> {
      await requireProduct(productId)
      const productName = (await catalog.productSummariesByIds([productId])).get(productId)?.name ?? 'your product'
      const report = await db.transaction(async (tx) => {
        const { added, lines } = await addSerials(tx, productId, csv)
        const delivered = await deliverOwedSerials(tx, productId)
        await emailDeliveredSerials(tx, delivery, productName, delivered)
        await audit(tx, { before: null, after: { added, skipped: lines.length - added, delivered: delivered.length } })
        return { added, skipped: lines.length - added, lines, delivered: delivered.length }
      })
      if (report.delivered > 0) delivery.mailer.nudge()
      return report
    },

    /** The owner revokes a key: it stops validating for good (a refund's later settling never restores it). */
    revokeKey: (keyId: string, audit: AuditChange): Promise<LicenceKeyView> =>
      onKey(keyId, async (tx, key) => {
        await tx.update(licenceKeys).set({ state: 'revoked', stateReason: 'owner', stateChangedAt: new Date() }).where(eq(licenceKeys.id, key.id))
        await audit(tx, { before: { state: key.state }, after: { state: 'revoked' } })
        return viewOf(tx, key.id)
      }),

    /**
     * A new key in place of the old one, which stops validating; its activations end. A
     * generated key gets new text, a serial the pool's next free serial (the old one is not
     * given back: the vendor may still honour it).
     */
    reissueKey: (keyId: string, audit: AuditChange): Promise<LicenceKeyView> =>
      onKey(keyId, async (tx, key) => {
        let next: { key: string; serialId: string | null }
        if (key.kind === 'generated') next = { key: generateKeyText(), serialId: null }
        else {
          const serial = await assignNextFreeSerial(tx, key.productId, { orderId: key.orderId, itemId: key.orderItemId })
          if (!serial) throw new AppError(409, 'NO_SERIALS_LEFT', LICENCE_KEY_ADMIN_MESSAGES.noSerialsLeft)
          next = { key: serial.serial, serialId: serial.id }
        }
        await tx.update(licenceKeys).set(next).where(eq(licenceKeys.id, key.id))
        await clearActivations(tx, key.id)
        // The key text is a secret of the buyer's: the log keeps only that it changed.
        await audit(tx, { before: { kind: key.kind, hadKey: key.key !== null }, after: { reissued: true } })
        return viewOf(tx, key.id)
      }),

    /** Raises a key's activation limit by `activations`. */
    addActivations: (keyId: string, activations: number, audit: AuditChange): Promise<LicenceKeyView> =>
      onKey(keyId, async (tx, key) => {
        if (key.activationLimit === null) throw new AppError(409, 'ACTIVATIONS_NOT_COUNTED', LICENCE_KEY_ADMIN_MESSAGES.notCounted)
        const activationLimit = key.activationLimit + activations
        await tx.update(licenceKeys).set({ activationLimit }).where(eq(licenceKeys.id, key.id))
        await audit(tx, { before: { activationLimit: key.activationLimit }, after: { activationLimit } })
        return viewOf(tx, key.id)
      }),
  }
}

export type LicenceKeysService = ReturnType<typeof createLicenceKeysService>
