/**
 * Checkout: turns a cart (or a Buy Now line) into one payable PENDING order with a payment
 * session, as a sequence of named steps, each a small function in checkout-lines.ts or
 * checkout-order.ts:
 *
 *   1. readCheckoutRequest  – who buys what, validated in the order the checkout form expects
 *   2. loadLines            – the body's lines or the server cart, with the catalog's current facts
 *   3. refuseOwnedProducts  – a signed-in buyer cannot buy a digital product twice (alone or in a bundle)
 *      priceBundles         – a bundle costs what completes it for this buyer, and names the items it grants
 *   4. taxOfCheckout        – the buyer's tax under the store's policy: country, region, VAT number, evidence
 *   5. priceLines           – totals from src/shared/pricing.ts with that tax, the promo code checked for the subtotal
 *   6. claimOrder           – under the buyer's lock: reuse this checkout's order, or write a new one and reserve the promo use
 *                             and one serial per unit of a serial-pool product (sold out: 409, nothing charged)
 *   7. replaceOlderOrders   – the buyer's older payable orders end (sessions expired first)
 *   8. startPayment         – the provider session, attached under the buyer's lock
 *
 * Nothing the flow wrote is read back: the session is made from the priced lines. Concurrent
 * requests for the same checkout wait for the session the first one is creating.
 */
import type { FastifyBaseLogger } from 'fastify'
import {
  CHECKOUT_ERROR_CODES as CODES,
  CHECKOUT_SERVER_MESSAGES as MESSAGES,
  type CheckoutSessionBody,
  type CheckoutSessionResponse,
} from '../../shared/contract/checkout.ts'
import { FLAT_TAX } from '../../shared/pricing.ts'
import type { SessionUser } from '../auth/session.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { BundleOffers } from '../orders/bundle-offers.service.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { PaidOrderFulfilment } from '../orders/fulfilment.types.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { OrderRow } from '../orders/orders.types.ts'
import type { PendingOrdersService } from '../orders/pending-orders.service.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { TaxService } from '../tax/tax.service.ts'
import { loadLines, priceBundles, priceLines, refuseOwnedProducts, type PricedCheckout } from './checkout-lines.ts'
import { claimOrder, expireSession, fingerprintOf, openSessionOf, replaceOlderOrders, startPayment } from './checkout-order.ts'
import { defaultCancelUrl, defaultSuccessUrl, readCheckoutRequest, type CheckoutRequest } from './checkout-request.ts'
import { taxOfCheckout } from './checkout-tax.ts'

/** How long a request waits for the session a concurrent identical request is creating. */
const WAIT_FOR_SESSION_MS = 15_000

export interface CheckoutServiceDeps {
  db: Database
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'>
  cart: Pick<CartService, 'linesOf'>
  promo: Pick<PromoService, 'requireUsable' | 'reserve'>
  licenceKeys: Pick<LicenceKeysService, 'reserveSerials'>
  pendingOrders: PendingOrdersService
  fulfilment: PaidOrderFulfilment
  buyerOrders: Pick<BuyerOrdersService, 'ownedProductIds'>
  /** "Complete the bundle": a bundle line's price for this buyer and the items it grants. */
  bundles: Pick<BundleOffers, 'bundleOffer'>
  /** The store's tax policy, VAT number checks and the IP address's country. */
  tax: Pick<TaxService, 'policy' | 'checkVatNumber' | 'countryOfIp'>
  /** Read at call time: the provider is configured when the app is built. */
  payments: () => PaymentProvider
  publicUrl: string
  log: FastifyBaseLogger
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type PricedOrder = Pick<OrderRow, 'id' | 'subtotalCents' | 'discountCents' | 'taxCents' | 'totalAmountCents' | 'taxDetails'>

/** The session, and the order's figures as the server priced them (the page shows these from then on). */
function sessionResponse(order: PricedOrder, session: PaymentCheckoutSession): CheckoutSessionResponse {
  const totals = {
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalAmountCents,
    taxLabel: order.taxDetails?.label ?? FLAT_TAX.label,
    taxIncluded: order.taxDetails?.pricesIncludeTax ?? false,
  }
  return { sessionId: session.id, url: session.url, client_secret: session.clientSecret, orderId: order.id, totals }
}

const notAwaitingPayment = () => new AppError(409, CODES.notAwaitingPayment, MESSAGES.notAwaitingPayment)

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { pendingOrders, fulfilment, payments, publicUrl } = deps

  /** Steps 6–8: the order of this checkout, payable; waits while an identical request is creating its session. */
  async function payableOrder(request: CheckoutRequest, priced: PricedCheckout): Promise<CheckoutSessionResponse> {
    const fingerprint = fingerprintOf(request, priced)
    const lineItems = priced.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      unitAmountCents: line.unitPriceCents,
      quantity: line.quantity,
    }))
    const deadline = Date.now() + WAIT_FOR_SESSION_MS
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      const claim = await claimOrder(deps, request, priced, fingerprint)
      if (claim.kind === 'created') {
        await replaceOlderOrders(deps, claim.order, claim.replaced)
        return sessionResponse(claim.order, await startPayment(deps, claim.order, lineItems, request.uiMode, request))
      }
      if (claim.kind === 'reuse') {
        const session = await openSessionOf(deps, claim.order)
        if (session) return sessionResponse(claim.order, session)
        continue
      }
      if (Date.now() > deadline) throw new AppError(409, CODES.busy, MESSAGES.busy)
      await sleep(pause)
    }
  }

  return {
    /**
     * POST /api/checkout/sessions: validates, prices from the database with the buyer's tax and
     * answers one payable session. `ip` is the buyer's address, placed by GeoIP as evidence of
     * where they are.
     */
    async createCheckoutSession(body: CheckoutSessionBody, sessionUser: SessionUser | null, ip: string | null = null): Promise<CheckoutSessionResponse> {
      const request = readCheckoutRequest(body, sessionUser, publicUrl)
      const lines = await loadLines(deps, request)
      await refuseOwnedProducts(deps, request, lines)
      await priceBundles(deps, request, lines)
      const taxDetails = await taxOfCheckout(deps, request, ip)
      const priced = await priceLines(deps, request, lines, taxDetails)
      return payableOrder(request, priced)
    },

    /** GET /api/checkout/orders/:orderId/resume: the signed-in user's own PENDING order, payable again. */
    async resumeCheckout(orderId: string, userId: string, uiMode: 'hosted' | 'embedded'): Promise<CheckoutSessionResponse> {
      const order = await pendingOrders.findOwnOrder(userId, orderId)
      if (!order) throw notFound(MESSAGES.orderNotFound)
      if (order.status !== 'PENDING' || !order.paymentSessionId) throw notAwaitingPayment()
      const current = await payments().retrieveCheckoutSession(order.paymentSessionId)
      if (current?.paymentStatus === 'paid') {
        await fulfilment.fulfilCheckoutSession(current)
        throw notAwaitingPayment()
      }
      const usable = current?.status === 'open' && (uiMode === 'hosted' ? current.url : current.clientSecret)
      if (usable) return sessionResponse(order, current)
      // The old session must be provably dead before the order points at a new one, or a late payment would find no order.
      if (current && (await expireSession(deps, current.id)) !== 'expired') throw notAwaitingPayment()
      const urls = { successUrl: defaultSuccessUrl(publicUrl), cancelUrl: defaultCancelUrl(publicUrl) }
      return sessionResponse(order, await startPayment(deps, order, await pendingOrders.paymentLinesOf(order.id), uiMode, urls))
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
