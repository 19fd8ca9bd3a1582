/**
 * Tables of licence keys: each product's key policy, the pool of the vendor's serials the owner
 * uploads, the key each order item carries, and the activations the product's software made.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { KEY_POLICY_KINDS, LICENCE_KEY_STATES } from '../../shared/contract/licence-keys.ts'
import { orderItemKey, orderKey, productKey } from '../db/table-keys.ts'

/** Why a key is suspended or revoked: the item's access (a refund, a dispute) or the owner's hand. */
export const KEY_STATE_REASONS = ['refunded', 'dispute_open', 'dispute_lost', 'owner'] as const
export type KeyStateReason = (typeof KEY_STATE_REASONS)[number]

/** A product's key policy; no row: none. */
export const keyPolicies = pgTable(
  'key_policies',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => productKey.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KEY_POLICY_KINDS }).notNull().default('none'),
    /** Activations per key; null for serials whose activations the vendor counts. */
    activationLimit: integer('activation_limit'),
    lowSerialsThreshold: integer('low_serials_threshold').notNull().default(10),
    /** Serials: an empty pool still sells, and the serial follows when the owner adds more. */
    serialSentLater: boolean('serial_sent_later').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('key_policies_kind_check', sql`${table.kind} in ('none', 'generated', 'serials')`)],
)

/**
 * The vendor's serials of a product. Free while neither reserved nor assigned; reserved by a
 * pending order's item (given back when that order ends unpaid); assigned once paid, and then
 * never free again, even after a refund.
 */
export const licenceSerials = pgTable(
  'licence_serials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    reservedOrderId: uuid('reserved_order_id').references(() => orderKey.id, { onDelete: 'set null' }),
    reservedItemId: uuid('reserved_item_id').references(() => orderItemKey.id, { onDelete: 'set null' }),
    /** When it was handed to a paid item; set once, never cleared. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('licence_serials_product_serial_unique').on(table.productId, table.serial),
    // Taking the next free serial walks only the free ones, oldest first.
    index('licence_serials_free_idx')
      .on(table.productId, table.createdAt)
      .where(sql`${table.reservedItemId} is null and ${table.assignedAt} is null`),
    index('licence_serials_reserved_order_idx')
      .on(table.reservedOrderId)
      .where(sql`${table.reservedOrderId} is not null`),
  ],
)

/** One key per unit of an order item whose product has a key policy. */
export const licenceKeys = pgTable(
  'licence_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderKey.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItemKey.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'restrict' }),
    /** Null while a "serial sent later" item waits for the owner's next serials. */
    key: text('key'),
    kind: text('kind', { enum: ['generated', 'serial'] }).notNull(),
    /** The pool's serial this key is; null for a generated key. */
    serialId: uuid('serial_id').references(() => licenceSerials.id, { onDelete: 'set null' }),
    state: text('state', { enum: LICENCE_KEY_STATES }).notNull().default('active'),
    stateReason: text('state_reason', { enum: KEY_STATE_REASONS }),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    /** Null: a vendor's serial, whose activations the store does not count. */
    activationLimit: integer('activation_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The activation API finds a key by its text; generated keys never repeat.
    index('licence_keys_key_idx').on(table.key),
    uniqueIndex('licence_keys_generated_key_unique')
      .on(table.key)
      .where(sql`${table.kind} = 'generated'`),
    index('licence_keys_order_idx').on(table.orderId),
    index('licence_keys_item_idx').on(table.orderItemId),
    // Serials owed to paid items, oldest first.
    index('licence_keys_owed_idx')
      .on(table.productId, table.createdAt)
      .where(sql`${table.key} is null`),
    check('licence_keys_state_check', sql`${table.state} in ('active', 'suspended', 'revoked')`),
    check('licence_keys_kind_check', sql`${table.kind} in ('generated', 'serial')`),
  ],
)

/** An installation the key was activated on; deactivated rows stay as history. */
export const licenceActivations = pgTable(
  'licence_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => licenceKeys.id, { onDelete: 'cascade' }),
    instanceName: text('instance_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (table) => [
    // At most one live activation per key and instance: activating again reuses it.
    uniqueIndex('licence_activations_live_unique')
      .on(table.keyId, table.instanceName)
      .where(sql`${table.deactivatedAt} is null`),
  ],
)

export type KeyPolicyRow = typeof keyPolicies.$inferSelect
export type LicenceSerialRow = typeof licenceSerials.$inferSelect
export type LicenceKeyRow = typeof licenceKeys.$inferSelect
export type LicenceActivationRow = typeof licenceActivations.$inferSelect
