/**
 * The checkout claim: what shows the order behind a payment session, and its downloads, to the
 * browser that began the checkout and to nobody else. A payment session's id is no secret: it
 * sits in the success page's address, the browser's history, the payment provider's redirects
 * and logs. So the success page's lookup also asks for this cookie, which checkout sets: an
 * httpOnly cookie, sent only to that lookup, holding the signed ids of the browser's last few
 * checkouts. It lasts a day, and a paid order's claim holds for a day after its payment: long
 * enough to land on the success page and reload it, no longer (the receipt has the link).
 */
import { parse, serialize } from 'cookie'
import { ORDER_BY_SESSION_PATH_PREFIX } from '../../shared/contract/checkout.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'

export const CHECKOUT_CLAIM_COOKIE = 'als_checkout'
/** How long a claim holds: the cookie's age, and how long after its payment an order stays claimable. */
export const CHECKOUT_CLAIM_TTL_MS = 24 * 60 * 60_000
/** The newest checkouts a browser holds claims to; an older one's success page falls back to the receipt. */
const CLAIMS_KEPT = 5
/** Between two claims in the cookie: never in a token (base64url). */
const SEPARATOR = '.'

export interface CheckoutClaimsServiceDeps {
  /** Signs the claims (AUTH_SECRET): every process of the store must share it. */
  authSecret: string
  /** The cookie is sent over HTTPS only when the store is served over HTTPS (PUBLIC_URL). */
  secure: boolean
}

export function createCheckoutClaimsService({ authSecret, secure }: CheckoutClaimsServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'checkout-claim')

  /** The claims a Cookie header holds, as tokens, newest first; none for an absent or mangled cookie. */
  function claimTokensIn(cookieHeader: string | undefined): string[] {
    const value = cookieHeader ? parse(cookieHeader)[CHECKOUT_CLAIM_COOKIE] : undefined
    return value ? value.split(SEPARATOR).slice(0, CLAIMS_KEPT) : []
  }

  return {
    /** The Set-Cookie header that adds a claim to the order to those the browser already holds. */
    claimCookie(cookieHeader: string | undefined, orderId: string): string {
      const claim = tokens.tokenOf(orderId)
      const kept = claimTokensIn(cookieHeader).filter((token) => token !== claim && tokens.idOf(token) !== null)
      return serialize(CHECKOUT_CLAIM_COOKIE, [claim, ...kept].slice(0, CLAIMS_KEPT).join(SEPARATOR), {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: ORDER_BY_SESSION_PATH_PREFIX,
        maxAge: CHECKOUT_CLAIM_TTL_MS / 1000,
      })
    },

    /** The orders a request's Cookie header holds a valid claim to (whether each still holds is the order's to say: claimHolds). */
    claimedOrderIds(cookieHeader: string | undefined): ReadonlySet<string> {
      return new Set(claimTokensIn(cookieHeader).flatMap((token) => tokens.idOf(token) ?? []))
    },
  }
}

/** Whether a claim to the order still holds: while it waits for payment, and for a day after it was paid. */
export function claimHolds(order: { completedAt: Date | null }, now = Date.now()): boolean {
  return order.completedAt === null || now - order.completedAt.getTime() < CHECKOUT_CLAIM_TTL_MS
}

export type CheckoutClaimsService = ReturnType<typeof createCheckoutClaimsService>
