/** The storefront's text for a failed request, by status and code. */
import { describe, expect, it } from 'vitest'
import { shopperErrorText } from './error-text.ts'
import { ApiError } from './http.ts'

const FALLBACK = 'Failed to fetch products'

describe('shopperErrorText', () => {
  it("shows the store's own sentence for a validation error, a refusal and a named failure", () => {
    expect(shopperErrorText(new ApiError('Search terms can be at most 200 characters', 400, 'VALIDATION_ERROR'), FALLBACK)).toBe(
      'Search terms can be at most 200 characters',
    )
    expect(shopperErrorText(new ApiError('SPRING has been used up', 400, 'PROMO_USED_UP'), FALLBACK)).toBe('SPRING has been used up')
    expect(shopperErrorText(new ApiError('Failed to fetch products', 500, 'INTERNAL_ERROR'), 'Something else')).toBe('Failed to fetch products')
  })

  it('replaces words that are not ours to show: no response, a body-less answer, protocol errors', () => {
    expect(shopperErrorText(new ApiError('Request failed', 0, 'NETWORK_ERROR'), FALLBACK)).toBe(
      "We couldn't reach the store. Please check your connection and try again.",
    )
    expect(shopperErrorText(new ApiError('Bad Gateway', 502, 'HTTP_ERROR'), FALLBACK)).toBe(FALLBACK)
    expect(shopperErrorText(new ApiError('Request body is not valid JSON', 400, 'FST_ERR_CTP_INVALID_JSON_BODY'), FALLBACK)).toBe(
      "Something in that request wasn't right. Please check it and try again.",
    )
  })

  it('falls back for anything that is not an API error, or an empty message', () => {
    expect(shopperErrorText(new TypeError('x is undefined'), FALLBACK)).toBe(FALLBACK)
    expect(shopperErrorText(new ApiError('  ', 404, 'NOT_FOUND'), FALLBACK)).toBe(FALLBACK)
  })
})
