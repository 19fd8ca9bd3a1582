/**
 * The signed-in shopper's server cart (cart_items). Every query is scoped to the session user's
 * id, so another user's line does not exist for the caller (404). Quantities follow the shared
 * cart rules (digital lock, purchase limits) and are enforced inside the write itself, so two
 * processes adding at once cannot push a line past its limit. Prices are never stored here:
 * a line's price is its product's current price, from the catalog, except the amount a shopper
 * names for a pay-what-you-want product, which is checked against its minimum on every write.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { checkAdd, checkUpdate, CART_MESSAGES, quantityCap, quantityRuleOf } from '../../shared/cart-rules.ts'
import { CART_ERROR_MESSAGES, type CartLine } from '../../shared/contract/cart.ts'
import type { Product } from '../../shared/contract/catalog.ts'
import { CHECKOUT_ERROR_CODES } from '../../shared/contract/checkout-codes.ts'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { isUuid } from '../../shared/ids.ts'
import { pwywRefusal } from '../../shared/pay-what-you-want.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { cartItems, type CartItemRow } from './cart.schema.ts'

export interface CartItemInput {
  productId: string
  quantity: number
  /** Pay what you want: the shopper's amount for one unit (required for such a product, ignored otherwise). */
  chosenPriceCents?: number | null | undefined
}

/** A line's change: its quantity (0 or less removes it), its pay-what-you-want amount, or both. */
export interface CartItemUpdate {
  productId: string
  quantity?: number | undefined
  chosenPriceCents?: number | undefined
}

function toCartLine(row: CartItemRow, product: Product): CartLine {
  return {
    productId: row.productId,
    quantity: row.quantity,
    licenseType: row.licenseType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    product,
    chosenPriceCents: product.priceModel === 'pwyw' ? row.chosenPriceCents : null,
  }
}

/**
 * The amount a line stores for the product: the shopper's, when the product is pay what you
 * want and the amount is at least its minimum (else 400 PRICE_BELOW_MINIMUM with checkout's
 * sentence); null for a fixed price, whatever was sent.
 */
function chosenPriceFor(product: Product, chosenPriceCents: number | null | undefined): number | null {
  const refusal = pwywRefusal(product, chosenPriceCents)
  if (refusal) throw badRequest(refusal, CHECKOUT_ERROR_CODES.priceBelowMinimum)
  return product.priceModel === 'pwyw' ? chosenPriceCents! : null
}

const productNotFound = () => notFound(ERROR_MESSAGES.productNotFound)
const cartItemNotFound = () => notFound(CART_ERROR_MESSAGES.cartItemNotFound)

export interface CartServiceDeps {
  db: Database
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'>
}

export function createCartService({ db, catalog }: CartServiceDeps) {
  async function activeProduct(id: string): Promise<Product> {
    const product = (await catalog.activeProductsByIds([id])).get(id)
    if (!product) throw productNotFound()
    return product
  }

  async function getCart(userId: string): Promise<CartLine[]> {
    const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(desc(cartItems.createdAt), asc(cartItems.id))
    const products = await catalog.activeProductsByIds(rows.map((row) => row.productId))
    // A product taken off sale leaves the cart's view (it cannot be bought), not the table.
    return rows.flatMap((row) => {
      const product = products.get(row.productId)
      return product ? [toCartLine(row, product)] : []
    })
  }

  return {
    /** The user's lines with product and category, newest first, in one query. */
    getCart,

    /**
     * Adds quantity to the user's line of the product (creating it), within the product's limit.
     * A pay-what-you-want amount replaces the line's: the shopper's latest figure is what they pay.
     */
    async addItem(userId: string, { productId, quantity, chosenPriceCents }: CartItemInput): Promise<CartLine> {
      const product = await activeProduct(productId)
      const chosen = chosenPriceFor(product, chosenPriceCents)
      const rule = quantityRuleOf(product.metadata)
      const first = checkAdd(0, quantity, rule)
      if (!first.ok) throw badRequest(first.message, 'PURCHASE_LIMIT')
      const cap = quantityCap(rule)
      // The limit is checked by the upsert itself: no row comes back when existing + added > cap.
      const [row] = await db
        .insert(cartItems)
        .values({ userId, productId, quantity, chosenPriceCents: chosen })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, chosenPriceCents: sql`excluded.chosen_price_cents`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${cap}`,
        })
        .returning()
      if (!row) throw badRequest(CART_MESSAGES.addOverLimit(cap), 'PURCHASE_LIMIT')
      return toCartLine(row, product)
    },

    /** Sets a line's quantity (0 or less removes it, answering null) and, for pay what you want, its amount. */
    async updateQuantity(userId: string, { productId, quantity, chosenPriceCents }: CartItemUpdate): Promise<CartLine | null> {
      if (!isUuid(productId)) throw cartItemNotFound()
      if (quantity !== undefined && quantity <= 0) {
        const removed = await db
          .delete(cartItems)
          .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
          .returning({ id: cartItems.id })
        if (removed.length === 0) throw cartItemNotFound()
        return null
      }
      const product = (await catalog.activeProductsByIds([productId])).get(productId)
      if (!product) throw cartItemNotFound()
      if (quantity !== undefined) {
        const check = checkUpdate(quantity, quantityRuleOf(product.metadata))
        if (!check.ok) throw badRequest(check.message, 'PURCHASE_LIMIT')
      }
      // A fixed-price line keeps its quantity when only an amount was sent; the amount is dropped.
      const chosen = chosenPriceCents === undefined ? undefined : chosenPriceFor(product, chosenPriceCents)
      const [row] = await db
        .update(cartItems)
        .set({ ...(quantity !== undefined ? { quantity } : {}), ...(chosen !== undefined ? { chosenPriceCents: chosen } : {}), updatedAt: sql`now()` })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
        .returning()
      if (!row) throw cartItemNotFound()
      return toCartLine(row, product)
    },

    async removeItem(userId: string, productId: string): Promise<void> {
      if (!isUuid(productId)) throw cartItemNotFound()
      const removed = await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
        .returning({ id: cartItems.id })
      if (removed.length === 0) throw cartItemNotFound()
    },

    async clear(userId: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.userId, userId))
    },

    /** The user's lines as stored (product and quantity), for a checkout of the server cart. */
    async linesOf(userId: string): Promise<Array<{ productId: string; quantity: number; chosenPriceCents: number | null }>> {
      return db
        .select({ productId: cartItems.productId, quantity: cartItems.quantity, chosenPriceCents: cartItems.chosenPriceCents })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
    },

    /** Takes bought products out of the user's cart, inside the transaction that marks the order paid. */
    async removeProducts(userId: string, productIds: readonly string[], tx: Executor = db): Promise<void> {
      if (productIds.length === 0) return
      await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...productIds])))
    },

    /**
     * Replaces the user's cart with the given lines (the sign-in merge writes its result here).
     * Everything is validated before anything is written; the write is one transaction of
     * upserts plus one delete of the lines not named, so running it twice changes nothing and
     * two concurrent replaces cannot collide on the unique (user, product) key.
     */
    async replaceCart(userId: string, items: CartItemInput[]): Promise<CartLine[]> {
      const quantities = new Map<string, number>()
      // Of two lines of one product, the last one's amount counts.
      const amounts = new Map<string, number | null | undefined>()
      for (const item of items) {
        quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity)
        amounts.set(item.productId, item.chosenPriceCents)
      }
      const found = await catalog.activeProductsByIds([...quantities.keys()])
      const chosen = new Map<string, number | null>()
      for (const [productId, quantity] of quantities) {
        const product = found.get(productId)
        if (!product) throw productNotFound()
        const check = checkUpdate(quantity, quantityRuleOf(product.metadata))
        if (!check.ok) throw badRequest(check.message, 'PURCHASE_LIMIT')
        chosen.set(productId, chosenPriceFor(product, amounts.get(productId)))
      }
      const ids = [...quantities.keys()]
      await db.transaction(async (tx) => {
        if (ids.length > 0) {
          // Earlier lines of the request are newer: the first one lists first, as in the shopper's cart.
          const now = Date.now()
          await tx
            .insert(cartItems)
            .values(
              ids.map((productId, index) => ({
                userId,
                productId,
                quantity: quantities.get(productId)!,
                chosenPriceCents: chosen.get(productId) ?? null,
                createdAt: new Date(now - index),
              })),
            )
            .onConflictDoUpdate({
              target: [cartItems.userId, cartItems.productId],
              set: { quantity: sql`excluded.quantity`, chosenPriceCents: sql`excluded.chosen_price_cents`, updatedAt: sql`now()` },
            })
        }
        const stale = ids.length > 0 ? and(eq(cartItems.userId, userId), notInArray(cartItems.productId, ids)) : eq(cartItems.userId, userId)
        await tx.delete(cartItems).where(stale)
      })
      return getCart(userId)
    },
  }
}

export type CartService = ReturnType<typeof createCartService>
