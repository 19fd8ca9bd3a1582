/**
 * Buying through a fleet of store processes as a shopper does (store-processes.ts): a hosted
 * checkout on one process, the built-in provider's payment page on another, and the order
 * completed by the provider's webhook. Rows are only read, to wait for what the shopper waits for.
 */
import type { FleetShopper, StoreFleet } from './store-processes.ts'

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Fleet Shopper' }

/** Polls `probe` until it answers something truthy. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Paid products of the catalog API, cheapest first. */
export async function paidProducts(fleet: StoreFleet, count: number): Promise<{ id: string; name: string; priceCents: number }[]> {
  const list = await fleet.call<{ data: { id: string; name: string; priceCents: number }[] }>(0, '/api/products?limit=50&sortBy=price&sortOrder=asc')
  const found = list.body.data.filter((product) => product.priceCents > 0).slice(0, count)
  if (found.length < count) throw new Error(`the catalog has ${found.length} paid products, not ${count}`)
  return found
}

/** A hosted checkout session of the products, started on `store`. */
export async function startCheckout(fleet: StoreFleet, store: number, shopper: FleetShopper, productIds: string[], promoCode?: string) {
  return fleet.call<{ sessionId?: string; orderId?: string; error?: { message: string; code: string } }>(store, '/api/checkout/sessions', {
    cookie: shopper.cookie,
    clientAddress: shopper.clientAddress,
    body: {
      checkoutType: 'direct',
      userId: shopper.userId,
      uiMode: 'hosted',
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
      ...(promoCode ? { promoCode } : {}),
    },
  })
}

/** Pays a hosted session on the provider's page, as the shopper's browser does. */
export async function payHostedSession(fleet: StoreFleet, store: number, sessionId: string, clientAddress: string) {
  return fleet.call(store, `/api/builtin-pay/sessions/${encodeURIComponent(sessionId)}/confirm`, { body: TEST_CARD, clientAddress })
}

export async function orderStatus(fleet: StoreFleet, orderId: string): Promise<string | undefined> {
  const { rows } = await fleet.db.query<{ status: string }>('select status from orders where id = $1', [orderId])
  return rows[0]?.status
}

export interface CompletedPurchase {
  orderId: string
  items: { id: string; productId: string; downloadsRemaining: number }[]
}

/** Checks out on the first process, pays on the last, and waits until the webhook completed the order. */
export async function completedPurchase(fleet: StoreFleet, shopper: FleetShopper, productIds: string[]): Promise<CompletedPurchase> {
  const checkout = await startCheckout(fleet, 0, shopper, productIds)
  const { sessionId, orderId } = checkout.body
  if (checkout.status !== 200 || !sessionId || !orderId) throw new Error(`checkout failed: ${checkout.status} ${checkout.text}`)
  const paid = await payHostedSession(fleet, fleet.stores.length - 1, sessionId, shopper.clientAddress)
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${paid.text}`)
  await until(`order ${orderId} to complete`, async () => (await orderStatus(fleet, orderId)) === 'COMPLETED')
  const { rows } = await fleet.db.query<{ id: string; product_id: string; downloads_remaining: number }>(
    'select id, product_id, downloads_remaining from order_items where order_id = $1 order by id',
    [orderId],
  )
  return { orderId, items: rows.map((row) => ({ id: row.id, productId: row.product_id, downloadsRemaining: row.downloads_remaining })) }
}
