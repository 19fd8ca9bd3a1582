/**
 * Free products for an email. A visitor asks with an address ("Get it free"): the request is kept
 * with the consent it was sent under (the sentence beside the field, and separately the news box
 * if ticked, each word for word, with the time) and a confirmation email is queued with it. Opening
 * the emailed link confirms the address: the orders capability writes one $0.00 COMPLETED order
 * with the product's counted downloads and a private order link, and a news consent becomes a
 * subscriber. Opening the link again, even twice at once, opens that same order: the request's
 * row is locked while it is confirmed, and an address's later requests for the same product open
 * the order its first confirmed request made.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Product } from '../../shared/contract/catalog.ts'
import {
  FREE_PRODUCT_CODES as CODES,
  FREE_PRODUCT_MESSAGES as MESSAGES,
  freeClaimPagePath,
  freeProductConsentText,
  isFreeProduct,
  NEWS_CONSENT_TEXT,
} from '../../shared/contract/free-products.ts'
import { orderAccessPagePath } from '../../shared/contract/order-access.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { BundlesService } from '../catalog/bundles.service.ts'
import type { Database } from '../db/client.ts'
import type { Mailer, OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { FreeOrdersService } from '../orders/free-orders.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { EmailSignupService } from './email-signup.service.ts'
import { freeProductClaims } from './marketing.schema.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'

/** First key of our advisory locks, so they never collide with another feature's. */
const FREE_ORDER_LOCK_NAMESPACE = 5_307_326

export interface FreeProductRequest {
  productId: string
  email: string
  newsConsent: boolean
}

export interface FreeProductsServiceDeps {
  db: Database
  mailer: Mailer
  /** Signs the confirmation links (AUTH_SECRET): every process of the store must share it. */
  authSecret: string
  publicUrl: string
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'> & Pick<BundlesService, 'bundleItemsOf'>
  freeOrders: Pick<FreeOrdersService, 'createFreeOrder' | 'liveAccessToken'>
  signups: Pick<EmailSignupService, 'subscribeIn'>
  /** The store's name as its owner set it, for the email. */
  settings: Pick<SettingsService, 'settings'>
}

export type FreeProductsService = ReturnType<typeof createFreeProductsService>

export function createFreeProductsService({ db, mailer, authSecret, publicUrl, catalog, freeOrders, signups, settings }: FreeProductsServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'free-product-claim')

  /** The product, active and free now; null otherwise (unknown, archived, priced, pay what you want). */
  async function freeProduct(productId: string): Promise<Product | null> {
    const product = (await catalog.activeProductsByIds([productId])).get(productId)
    return product && isFreeProduct(product) ? product : null
  }

  function confirmationEmail(to: string, product: Product, token: string, newsConsent: boolean, storeName: string): OutgoingEmail {
    const { text, html } = renderEmail({
      heading: 'Your free download',
      paragraphs: [
        `You asked for ${product.name}. Open the link below to confirm your address: your download starts on the page it opens.`,
        ...(newsConsent ? ['You also asked for our news and new releases: they start once you confirm.'] : []),
      ],
      action: { label: 'Confirm and download', url: `${publicUrl}${freeClaimPagePath(token)}` },
      footnote: "Didn't ask for this? Ignore this email: nothing happens unless the link is opened.",
      storeName,
    })
    return { to, subject: `Your free download: ${product.name}`, text, html }
  }

  return {
    /**
     * Keeps the request with its consent and queues the confirmation email, in one transaction.
     * A product that is not free (or not in the store) is a 404; anything else answers the same.
     */
    async request({ productId, email, newsConsent }: FreeProductRequest): Promise<{ message: string }> {
      const product = await freeProduct(productId)
      if (!product) throw notFound(MESSAGES.notFound, CODES.notFound)
      const address = email.trim().toLowerCase()
      await db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(freeProductClaims)
          .values({
            productId: product.id,
            email: address,
            // The wording as the form showed it, made from the same function the form uses.
            consentText: freeProductConsentText(product.name),
            newsConsent,
            newsConsentText: newsConsent ? NEWS_CONSENT_TEXT : null,
          })
          .returning({ id: freeProductClaims.id })
        const { storeName } = await settings.settings(tx)
        await mailer.enqueue(tx, confirmationEmail(address, product, tokens.tokenOf(claim!.id), newsConsent, storeName))
      })
      mailer.nudge()
      return { message: MESSAGES.linkSent(address) }
    },

    /**
     * The emailed link, opened: answers the path of the order's private page. The first opening
     * makes the order (or finds the one an earlier request of this address made for this product)
     * and subscribes a news consent; every later one opens the same order. An unknown or altered
     * link, or one whose product stopped being free before it was opened, is a 404; a link to an
     * order whose private links the owner withdrew is a 410.
     */
    async confirm(token: string): Promise<{ orderPath: string }> {
      const claimId = tokens.idOf(token)
      if (!claimId) throw notFound(MESSAGES.linkNotFound, CODES.linkNotFound)
      const [seen] = await db.select().from(freeProductClaims).where(eq(freeProductClaims.id, claimId))
      if (!seen) throw notFound(MESSAGES.linkNotFound, CODES.linkNotFound)
      // Read outside the transaction (the catalog has its own connection); a confirmed request needs no product.
      const product = seen.orderId ? null : await freeProduct(seen.productId)
      const bundleItems = product?.isBundle ? await catalog.bundleItemsOf(product.id) : []

      const outcome = await db.transaction(async (tx) => {
        // Two openings at once: the second waits here and finds the order the first made.
        const [claim] = await tx.select().from(freeProductClaims).where(eq(freeProductClaims.id, claimId)).for('update')
        if (!claim) throw notFound(MESSAGES.linkNotFound, CODES.linkNotFound)
        if (claim.orderId) return { accessToken: await freeOrders.liveAccessToken(tx, claim.orderId), welcomed: false }
        if (!product) throw notFound(MESSAGES.linkNotFound, CODES.linkNotFound)

        // One order per address and product: requests of the same address, confirmed together, take turns.
        await tx.execute(sql`select pg_advisory_xact_lock(${FREE_ORDER_LOCK_NAMESPACE}, hashtext(${`${claim.email}:${claim.productId}`}))`)
        const [earlier] = await tx
          .select({ orderId: freeProductClaims.orderId })
          .from(freeProductClaims)
          .where(and(eq(freeProductClaims.email, claim.email), eq(freeProductClaims.productId, claim.productId), isNotNull(freeProductClaims.orderId)))
          .orderBy(asc(freeProductClaims.confirmedAt))
          .limit(1)
        const order = earlier?.orderId
          ? { orderId: earlier.orderId, accessToken: await freeOrders.liveAccessToken(tx, earlier.orderId) }
          : await freeOrders.createFreeOrder(tx, {
              email: claim.email,
              productId: product.id,
              downloadLimit: product.downloadLimit,
              bundleItems: bundleItems.map((item) => ({ productId: item.productId, downloadLimit: item.downloadLimit })),
              reference: claim.id,
            })
        await tx
          .update(freeProductClaims)
          .set({ confirmedAt: sql`now()`, orderId: order.orderId })
          .where(eq(freeProductClaims.id, claim.id))
        // The news box was a consent of its own: now that the address is confirmed, it subscribes with that wording.
        const { welcomed } = claim.newsConsent
          ? await signups.subscribeIn(tx, { email: claim.email, subscriptionType: 'newsletter', source: 'free_product', consentText: claim.newsConsentText })
          : { welcomed: false }
        return { accessToken: order.accessToken, welcomed }
      })
      if (outcome.welcomed) mailer.nudge()
      if (!outcome.accessToken) throw new AppError(410, CODES.linkWithdrawn, MESSAGES.linkWithdrawn)
      return { orderPath: orderAccessPagePath(outcome.accessToken) }
    },
  }
}
