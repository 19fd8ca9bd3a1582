/** The checkout error catalogue: each status and code to its text, the fallbacks and the redirect texts. */
import { describe, expect, it } from 'vitest'
import { CHECKOUT_MESSAGES, checkoutRedirectErrorMessage, checkoutSessionErrorMessage } from './checkout-errors.ts'
import { CHECKOUT_ERROR_CODES, CHECKOUT_SERVER_MESSAGES } from './contract/checkout.ts'
import { LICENCE_KEY_ERROR_CODES, LICENCE_KEY_MESSAGES } from './contract/licence-keys.ts'

describe('checkoutSessionErrorMessage', () => {
  it.each([
    [CHECKOUT_ERROR_CODES.unauthorized, 401, 'User not authenticated', 'Please log in to complete your purchase'],
    [CHECKOUT_ERROR_CODES.orderNotFound, 404, 'Product not found', 'Product not found or unavailable'],
    [CHECKOUT_ERROR_CODES.invalidPromo, 404, 'Invalid promo code', 'Invalid or expired promo code'],
    [CHECKOUT_ERROR_CODES.invalidPromo, 400, 'Invalid or expired promo code', 'Invalid or expired promo code'],
    // A code the store has says why it cannot be used: the server's sentence is the shopper's.
    ['PROMO_MINIMUM_NOT_MET', 400, 'SPRING needs a subtotal of $40.00: add $20.01 more', 'SPRING needs a subtotal of $40.00: add $20.01 more'],
    ['PROMO_USED_UP', 400, 'SPRING has been used up', 'SPRING has been used up'],
    [CHECKOUT_ERROR_CODES.cartEmpty, 400, CHECKOUT_SERVER_MESSAGES.cartEmpty, 'Your cart is empty. Please add items before checking out.'],
    [
      CHECKOUT_ERROR_CODES.productsInvalid,
      400,
      CHECKOUT_SERVER_MESSAGES.productsInvalid,
      'Some products in your cart are no longer available. Please refresh and try again.',
    ],
    [CHECKOUT_ERROR_CODES.buyerRequired, 400, CHECKOUT_SERVER_MESSAGES.buyerRequired, 'Please provide your email address to complete the purchase'],
    [
      CHECKOUT_ERROR_CODES.providerFailed,
      502,
      CHECKOUT_SERVER_MESSAGES.createFailed,
      'Payment service is currently unavailable. Please try again later or contact support.',
    ],
  ])('maps code %s (%i) to its text', (code, status, message, shown) => {
    expect(checkoutSessionErrorMessage({ message, status, code })).toBe(shown)
  })

  it('chooses by code whatever the message says', () => {
    expect(checkoutSessionErrorMessage({ message: 'Something else entirely', status: 400, code: CHECKOUT_ERROR_CODES.cartEmpty })).toBe(
      CHECKOUT_MESSAGES.cartEmptyServer,
    )
    expect(checkoutSessionErrorMessage({ message: '', status: 400, code: CHECKOUT_ERROR_CODES.buyerRequired })).toBe(CHECKOUT_MESSAGES.emailRequired)
  })

  it('never chooses by the words of the message', () => {
    // Each of these messages names a mapped case, but the code says otherwise: the message is shown as it is.
    expect(checkoutSessionErrorMessage({ message: 'Cart is empty', status: 400, code: CHECKOUT_ERROR_CODES.validation })).toBe('Cart is empty')
    expect(checkoutSessionErrorMessage({ message: 'Too many promo code attempts. Please try again later.', status: 429, code: 'RATE_LIMITED' })).toBe(
      'Too many promo code attempts. Please try again later.',
    )
    expect(checkoutSessionErrorMessage({ message: 'Invalid JWT', status: 400, code: 'HTTP_ERROR' })).toBe('Invalid JWT')
  })

  it('asks to log in for any 401, whatever its code', () => {
    expect(checkoutSessionErrorMessage({ message: 'Session expired', status: 401, code: 'HTTP_ERROR' })).toBe(CHECKOUT_MESSAGES.loginRequired)
  })

  it('says the payment service cannot be reached when no response came back (status 0)', () => {
    expect(checkoutSessionErrorMessage({ message: CHECKOUT_MESSAGES.createFailed, status: 0, code: 'NETWORK_ERROR' })).toBe(CHECKOUT_MESSAGES.cannotConnect)
  })

  it("shows the server's own message for any other code", () => {
    expect(checkoutSessionErrorMessage({ message: CHECKOUT_SERVER_MESSAGES.userIdRequired, status: 400, code: CHECKOUT_ERROR_CODES.userIdRequired })).toBe(
      'User ID is required for cart checkout',
    )
    expect(checkoutSessionErrorMessage({ message: CHECKOUT_SERVER_MESSAGES.busy, status: 409, code: CHECKOUT_ERROR_CODES.busy })).toBe(
      'Another checkout is still being prepared. Please try again.',
    )
    expect(checkoutSessionErrorMessage({ message: 'Quantity must be at least 1', status: 400, code: CHECKOUT_ERROR_CODES.quantityInvalid })).toBe(
      'Quantity must be at least 1',
    )
  })

  it("says a serial product is sold out in the server's words, naming it", () => {
    const soldOut = LICENCE_KEY_MESSAGES.soldOut('Vintage Synth')
    expect(checkoutSessionErrorMessage({ message: soldOut, status: 409, code: LICENCE_KEY_ERROR_CODES.soldOut })).toBe(
      'Vintage Synth is sold out: no licence keys are left. Please check back later.',
    )
  })

  it('falls back to "Failed to create checkout session" without a message', () => {
    expect(checkoutSessionErrorMessage({ status: 500, code: 'INTERNAL_ERROR' })).toBe('Failed to create checkout session')
    expect(checkoutSessionErrorMessage({ message: null })).toBe('Failed to create checkout session')
    expect(checkoutSessionErrorMessage({ message: '   ', status: 503 })).toBe('Failed to create checkout session')
  })
})

describe('checkoutRedirectErrorMessage', () => {
  it('says the session expired when the provider mentions the session', () => {
    expect(checkoutRedirectErrorMessage('No such checkout session: cs_test_1')).toBe('Checkout session has expired. Please start over.')
  })

  it("shows the provider's other messages, else the generic text", () => {
    expect(checkoutRedirectErrorMessage('Network down')).toBe('Network down')
    expect(checkoutRedirectErrorMessage('')).toBe('Failed to redirect to secure checkout')
    expect(checkoutRedirectErrorMessage(undefined)).toBe('Failed to redirect to secure checkout')
  })
})

describe('CHECKOUT_MESSAGES', () => {
  it('holds the other checkout texts word for word', () => {
    expect(CHECKOUT_MESSAGES).toMatchObject({
      noData: 'No data returned from checkout session creation',
      missingSessionId: 'Unable to create checkout session. Please try again.',
      missingClientSecret: 'Unable to create embedded checkout session. Please try again.',
      providerNotLoaded: 'Payment system is currently unavailable. Please try again later.',
      emptySessionId: 'Invalid checkout session. Please try again.',
      startFailed: 'Failed to start checkout process. Please refresh and try again.',
      guestStartFailed: 'Failed to start guest checkout',
      unexpected: 'An unexpected error occurred while preparing checkout',
      persistHint: 'If the problem persists, please contact support or try again later.',
    })
  })
})
