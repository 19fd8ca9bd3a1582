/** The §8 checkout error catalogue: every row of the table, the fallbacks and the redirect texts. */
import { describe, expect, it } from 'vitest'
import { CHECKOUT_MESSAGES, checkoutRedirectErrorMessage, checkoutSessionErrorMessage } from './checkout-errors.ts'

describe('checkoutSessionErrorMessage', () => {
  it.each([
    ['Invalid JWT', 'Please log in to complete your purchase'],
    ['JWT expired', 'Please log in to complete your purchase'],
    ['Product not found', 'Product not found or unavailable'],
    ['Product 42 not found', 'Product not found or unavailable'],
    ['Invalid promo code', 'Invalid or expired promo code'],
    ['Promo code has expired', 'Invalid or expired promo code'],
    ['Cart is empty', 'Your cart is empty. Please add items before checking out.'],
    ['Some products are invalid', 'Some products in your cart are no longer available. Please refresh and try again.'],
    ['Either userId or customerEmail is required', 'Please provide your email address to complete the purchase'],
    ['Either user ID or customer email is required', 'Please provide your email address to complete the purchase'],
    ['Failed to send a request to the Edge Function', 'Unable to connect to payment service. Please check your internet connection and the backend configuration.'],
    ['Edge Function returned a non-2xx status code', 'Payment service is currently unavailable. Please try again later or contact support.'],
  ])('maps "%s" to "%s"', (serverMessage, shown) => {
    expect(checkoutSessionErrorMessage(serverMessage)).toBe(shown)
  })

  it('shows any other server message as it is', () => {
    expect(checkoutSessionErrorMessage('User ID is required for cart checkout')).toBe('User ID is required for cart checkout')
    expect(checkoutSessionErrorMessage('Quantity must be at least 1')).toBe('Quantity must be at least 1')
  })

  it('falls back to "Failed to create checkout session" without a message', () => {
    expect(checkoutSessionErrorMessage(undefined)).toBe('Failed to create checkout session')
    expect(checkoutSessionErrorMessage(null)).toBe('Failed to create checkout session')
    expect(checkoutSessionErrorMessage('   ')).toBe('Failed to create checkout session')
  })

  it('treats a 401 as the JWT row whatever its message', () => {
    expect(checkoutSessionErrorMessage('User not authenticated', 401)).toBe('Please log in to complete your purchase')
  })

  it('applies the rows in the table order (the first match wins)', () => {
    expect(checkoutSessionErrorMessage('JWT not found')).toBe('Please log in to complete your purchase')
    expect(checkoutSessionErrorMessage('Promo code not found')).toBe('Product not found or unavailable')
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
  it('holds the other checkout texts of §8 word for word', () => {
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
