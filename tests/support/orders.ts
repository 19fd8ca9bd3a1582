/**
 * Orders in server tests without the payment flow: inserts an order and its items directly
 * (COMPLETED unless told otherwise), priced and granted as checkout would.
 */
import { inArray } from 'drizzle-orm'
import { createProfileService } from '../../src/server/auth/profile.service.ts'
import { createCatalogService } from '../../src/server/catalog/catalog.service.ts'
import { orderItems, orders, products, type OrderItemRow, type OrderStatus } from '../../src/server/db/schema.ts'
import { createLicenceKeysService } from '../../src/server/licence-keys/licence-keys.service.ts'
import { createAfterSaleService } from '../../src/server/orders/after-sale.service.ts'
import { createFileUpdatesService } from '../../src/server/orders/file-updates.service.ts'
import { createOrderLinksService } from '../../src/server/orders/order-links.service.ts'
import { createProductUpdateEmailsService } from '../../src/server/marketing/product-update-emails.service.ts'
import { createTaxDocumentsService } from '../../src/server/tax/tax-documents.service.ts'
import type { TestApp } from './test-app.ts'

/** The orders' services that tests call directly, wired as app.ts wires them, on the test app's database, mailer and payment provider. */
export function orderServicesOf(t: TestApp) {
  const { db } = t.database
  const catalog = createCatalogService(db)
  const accounts = createProfileService(db)
  const orderLinks = createOrderLinksService({ authSecret: t.config.authSecret, publicUrl: t.config.publicUrl })
  return {
    afterSale: createAfterSaleService({
      db,
      log: t.app.log,
      payments: () => t.app.payments,
      catalog,
      taxDocuments: createTaxDocumentsService({ db, log: t.app.log }),
      licenceKeys: createLicenceKeysService({
        db,
        catalog,
        mailer: t.app.mailer,
        publicUrl: t.config.publicUrl,
        buyersOf: async () => new Map(),
        downloadLinksFor: (tx, list) => orderLinks.downloadLinksFor(tx, list),
      }),
    }),
    fileUpdates: createFileUpdatesService({
      db,
      accounts,
      addresses: createProductUpdateEmailsService({ db, authSecret: t.config.authSecret, publicUrl: t.config.publicUrl, accounts }),
      mailer: t.app.mailer,
      orderLinks,
    }),
  }
}

export interface TestOrderOptions {
  userId: string
  productIds: string[]
  status?: OrderStatus
  /** Units of each product (1 by default). */
  quantity?: number
  /** Overrides download_limit × quantity for every item. */
  downloadsRemaining?: number
  createdAt?: Date
}

export interface TestOrder {
  orderId: string
  items: OrderItemRow[]
}

export async function createCompletedOrder(t: TestApp, options: TestOrderOptions): Promise<TestOrder> {
  const { userId, productIds, status = 'COMPLETED', quantity = 1, createdAt = new Date() } = options
  const rows = await t.database.db.select().from(products).where(inArray(products.id, productIds))
  if (rows.length !== new Set(productIds).size) throw new Error(`Unknown product among ${productIds.join(', ')}`)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const subtotal = productIds.reduce((sum, id) => sum + byId.get(id)!.priceCents * quantity, 0)
  return t.database.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        customerEmail: `${userId}@example.com`,
        status,
        checkoutType: 'cart',
        subtotalCents: subtotal,
        totalAmountCents: subtotal,
        paymentProvider: 'builtin',
        cartFingerprint: `test-${crypto.randomUUID()}`,
        createdAt,
        updatedAt: createdAt,
        completedAt: status === 'COMPLETED' ? createdAt : null,
      })
      .returning()
    const items = await tx
      .insert(orderItems)
      .values(
        productIds.map((productId) => {
          const product = byId.get(productId)!
          return {
            orderId: order!.id,
            productId,
            quantity,
            priceCents: product.priceCents,
            downloadLimit: product.downloadLimit,
            downloadsRemaining: options.downloadsRemaining ?? product.downloadLimit * quantity,
            createdAt,
          }
        }),
      )
      .returning()
    return { orderId: order!.id, items }
  })
}
