/** describeAuthError: server messages pass through, known codes get the spec's texts, else the fallback. */
import { describe, expect, it } from 'vitest'
import { describeAuthError } from './auth-errors.ts'

describe('describeAuthError', () => {
  it("passes Better Auth's message through", () => {
    expect(describeAuthError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 'Sign in failed')).toBe('Invalid email or password')
  })

  it('explains an unconfirmed email', () => {
    expect(describeAuthError({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, 'Sign in failed')).toBe(
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    )
  })

  it("uses our rate limiter's message from the { error } body", () => {
    const body = { status: 429, statusText: 'Too Many Requests', error: { message: 'Too many sign-in attempts. Please try again later.', code: 'RATE_LIMITED' } }
    expect(describeAuthError(body, 'Sign in failed')).toBe('Too many sign-in attempts. Please try again later.')
  })

  it('falls back when there is no message or the request never left', () => {
    expect(describeAuthError({ status: 500, statusText: 'Internal Server Error' }, 'Sign out failed')).toBe('Sign out failed')
    expect(describeAuthError(new TypeError('Failed to fetch'), 'Sign in failed')).toBe('Sign in failed')
    expect(describeAuthError(undefined, 'Profile update failed')).toBe('Profile update failed')
  })
})
