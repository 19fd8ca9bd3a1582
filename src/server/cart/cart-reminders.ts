/**
 * A reminder for a forgotten cart. When the owner turns reminders on, a signed-in shopper whose
 * server cart has not changed for a day gets one email listing it at today's prices, with a link
 * to the cart and a signed unsubscribe link. A cart is a user's lines since it was last empty,
 * named by when its oldest line was added (cart_reminders.cart_started_at); it is reminded at most
 * once, ever: an emptied and refilled cart is a new cart, a cart that only grew is not.
 *
 * Who is left out: a shopper who turned reminders off (asked of marketing), one whose address is
 * not confirmed (asked of auth), one with an order awaiting payment or paid since the cart last
 * changed (asked of orders), and a cart that went quiet more than a week ago (a reminder of a cart
 * from last month reminds nobody, and turning reminders on must not mail every old cart).
 *
 * Several processes may run a pass at once: each cart's reminder row and its email are written in
 * one transaction, the row with ON CONFLICT DO NOTHING on (user, cart), and the email is queued
 * only when the row was written; the outbox (a claim-with-lease queue) then delivers it once.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { formatPrice } from '../../shared/money.ts'
import { lineTotalCents, priceCart } from '../../shared/pricing.ts'
import type { Product } from '../../shared/contract/catalog.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer, OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'
import type { PeriodicJob } from '../jobs/periodic-job.ts'
import type { EmailPreferencesService } from '../marketing/email-preferences.service.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { cartItems, cartReminders } from './cart.schema.ts'

const HOUR_MS = 60 * 60 * 1000
/** A cart untouched this long is forgotten. */
export const CART_REMINDER_AFTER_MS = 24 * HOUR_MS
/** A cart untouched longer than this is past reminding. */
export const CART_REMINDER_WINDOW_MS = 7 * 24 * HOUR_MS
/** How often a pass runs (one process of the fleet each period). */
export const CART_REMINDER_PERIOD_MS = 15 * 60 * 1000
/** Accounts asked about at once (opt-outs, confirmed addresses, orders). */
const BATCH_SIZE = 200

export interface CartRemindersDeps {
  db: Database
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'>
  settings: Pick<SettingsService, 'settings'>
  preferences: Pick<EmailPreferencesService, 'cartReminderOptOuts' | 'cartRemindersUnsubscribeUrl'>
  accounts: Pick<ProfileService, 'confirmedEmailsOf'>
  orders: Pick<BuyerOrdersService, 'lastOrderActivityOf'>
  mailer: Pick<Mailer, 'enqueue' | 'nudge'>
  publicUrl: string
}

/** What one pass did. */
export interface CartReminderPass {
  /** False when the owner has reminders off (and the pass looked at nothing). */
  enabled: boolean
  /** Carts that had been quiet long enough and were never reminded. */
  forgotten: number
  /** Reminders this pass wrote (and queued the emails of). */
  reminded: number
}

export interface CartReminderPassOptions {
  /** The clock deciding which carts are forgotten; tests move it. */
  now?: Date
}

interface ForgottenCart {
  userId: string
  /** When the newest of its lines last changed. */
  lastChange: Date
}

interface ReminderLine {
  name: string
  quantity: number
  priceCents: number
}

export function createCartReminders({ db, catalog, settings, preferences, accounts, orders, mailer, publicUrl }: CartRemindersDeps) {
  /** The condition "this cart was reminded already": a reminder written after the cart's oldest line was added. */
  const remindedAlready = sql`exists (select 1 from ${cartReminders} where ${cartReminders.userId} = ${cartItems.userId} and ${cartReminders.createdAt} >= min(${cartItems.createdAt}))`
  const quietSince = (cutoff: Date) => sql`max(${cartItems.updatedAt}) <= ${cutoff.toISOString()}::timestamptz`

  /** Carts whose newest line changed between a week and a day ago, never reminded. */
  async function forgottenCarts(now: Date): Promise<ForgottenCart[]> {
    const cutoff = new Date(now.getTime() - CART_REMINDER_AFTER_MS)
    const windowStart = new Date(now.getTime() - CART_REMINDER_WINDOW_MS)
    return db
      .select({ userId: cartItems.userId, lastChange: sql<Date>`max(${cartItems.updatedAt})`.mapWith(cartItems.updatedAt) })
      .from(cartItems)
      .groupBy(cartItems.userId)
      .having(and(quietSince(cutoff), sql`max(${cartItems.updatedAt}) > ${windowStart.toISOString()}::timestamptz`, sql`not ${remindedAlready}`))
      .orderBy(asc(sql`max(${cartItems.updatedAt})`))
  }

  /** Those of the carts whose owner may get a reminder, with the confirmed address it goes to. */
  async function reachable(carts: ForgottenCart[]): Promise<Array<ForgottenCart & { email: string }>> {
    const userIds = carts.map((cart) => cart.userId)
    const [optedOut, emails, lastOrders] = await Promise.all([
      preferences.cartReminderOptOuts(userIds),
      accounts.confirmedEmailsOf(userIds),
      orders.lastOrderActivityOf(userIds),
    ])
    return carts.flatMap((cart) => {
      const email = emails.get(cart.userId)
      const ordered = lastOrders.get(cart.userId)
      if (!email || optedOut.has(cart.userId) || (ordered && ordered >= cart.lastChange)) return []
      return [{ ...cart, email }]
    })
  }

  /**
   * Writes the cart's reminder and queues its email in one transaction; false when another pass
   * wrote it first, the cart changed since it was found, or nothing in it can still be bought.
   * The insert re-reads the cart, so what is reminded is the cart as it is now.
   */
  async function remind(cart: ForgottenCart & { email: string }, cutoff: Date, storeName: string): Promise<boolean> {
    const products = await catalog.activeProductsByIds(await productIdsOf(db, cart.userId))
    if (products.size === 0) return false
    const emailId = crypto.randomUUID()
    const queued = await db
      .transaction(async (tx) => {
        const written = (await tx.execute(sql`
        insert into ${cartReminders} (user_id, cart_started_at, email_id)
        select ${cartItems.userId}, min(${cartItems.createdAt}), ${emailId}::uuid from ${cartItems}
        where ${cartItems.userId} = ${cart.userId}
        group by ${cartItems.userId}
        having ${quietSince(cutoff)} and not ${remindedAlready}
        on conflict (user_id, cart_started_at) do nothing
        returning id`)) as unknown as { rows: Array<{ id: string }> }
        const reminderId = written.rows[0]?.id
        if (!reminderId) return false
        const lines = await linesOf(tx, cart.userId, products)
        // A product taken off sale since it was looked up: roll the reminder back rather than send an empty cart.
        if (lines.length === 0) throw new NothingToRemind()
        const email = reminderEmail({ to: cart.email, lines, storeName, publicUrl, unsubscribeUrl: preferences.cartRemindersUnsubscribeUrl(cart.userId) })
        await mailer.enqueue(tx, email, { dedupeKey: `cart-reminder:${reminderId}`, id: emailId })
        return true
      })
      .catch((error: unknown) => {
        if (error instanceof NothingToRemind) return false
        throw error
      })
    return queued
  }

  return {
    /** One pass over every cart: reminds the forgotten ones, once each. Safe to run in several processes at once. */
    async remindForgottenCarts({ now = new Date() }: CartReminderPassOptions = {}): Promise<CartReminderPass> {
      const { cartReminders: enabled, storeName } = await settings.settings()
      if (!enabled) return { enabled: false, forgotten: 0, reminded: 0 }
      const cutoff = new Date(now.getTime() - CART_REMINDER_AFTER_MS)
      const carts = await forgottenCarts(now)
      let reminded = 0
      for (let start = 0; start < carts.length; start += BATCH_SIZE) {
        for (const cart of await reachable(carts.slice(start, start + BATCH_SIZE))) {
          if (await remind(cart, cutoff, storeName)) reminded++
        }
      }
      if (reminded > 0) mailer.nudge()
      return { enabled: true, forgotten: carts.length, reminded }
    },
  }
}

export type CartReminders = ReturnType<typeof createCartReminders>

/** The pass as a periodic job: every 15 minutes, one process of the fleet runs it. */
export function cartRemindersJob(reminders: Pick<CartReminders, 'remindForgottenCarts'>): PeriodicJob {
  return {
    name: 'cart-reminders',
    periodMs: CART_REMINDER_PERIOD_MS,
    run: async () => {
      const pass = await reminders.remindForgottenCarts()
      return pass.enabled ? `Reminded ${pass.reminded} of ${pass.forgotten} forgotten carts` : 'Cart reminders are off'
    },
  }
}

class NothingToRemind extends Error {}

async function productIdsOf(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor.select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.userId, userId))
  return rows.map((row) => row.productId)
}

/** The cart's lines that can still be bought, oldest first, each at today's price (or the amount the shopper chose). */
async function linesOf(tx: Executor, userId: string, products: Map<string, Product>): Promise<ReminderLine[]> {
  const rows = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, chosenPriceCents: cartItems.chosenPriceCents })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...products.keys()])))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  return rows.flatMap((row) => {
    const product = products.get(row.productId)
    return product ? [{ name: product.name, quantity: row.quantity, priceCents: row.chosenPriceCents ?? product.priceCents }] : []
  })
}

export interface ReminderEmailInput {
  to: string
  lines: ReminderLine[]
  storeName: string
  publicUrl: string
  unsubscribeUrl: string
}

/** The reminder: what is in the cart at today's prices, the way back to it, and the way to stop reminders. */
export function reminderEmail({ to, lines, storeName, publicUrl, unsubscribeUrl }: ReminderEmailInput): OutgoingEmail {
  const subtotal = priceCart(lines.map((line) => ({ priceCents: line.priceCents, quantity: line.quantity }))).subtotalCents
  const { text, html } = renderEmail({
    heading: 'Your cart is still waiting',
    paragraphs: [
      'You left these in your cart:',
      ...lines.map((line) => `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${formatPrice(lineTotalCents(line))}`),
      `Subtotal at today's prices: ${formatPrice(subtotal)}. Tax, if any, is added at checkout.`,
    ],
    action: { label: 'Go to your cart', url: `${publicUrl}/cart` },
    footnote: "You get this one reminder because you left these in your cart while signed in. We won't remind you about this cart again.",
    storeName,
    unsubscribeUrl,
  })
  return { to, subject: `Your cart at ${storeName} is still waiting`, text, html }
}
