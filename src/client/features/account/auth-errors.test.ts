/** describeAuthError: Better Auth's codes choose the store's texts, other errors show the server's message, else the fallback. */
import { describe, expect, it } from 'vitest'
import { AUTH_TEXT, describeAuthError } from './auth-errors.ts'

describe('describeAuthError', () => {
  it.each([
    ['EMAIL_NOT_VERIFIED', 403, 'Email not verified', 'Please confirm your email address before signing in. Check your inbox for the confirmation link.'],
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'Invalid email or password', 'Invalid email or password'],
    ['USER_ALREADY_EXISTS', 422, 'User already exists.', 'User already exists. Use another email.'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 422, 'User already exists. Use another email.', 'User already exists. Use another email.'],
    ['INVALID_CODE', 401, 'Invalid code', 'Invalid code'],
    ['INVALID_BACKUP_CODE', 401, 'Invalid backup code', 'Invalid backup code'],
  ])('maps Better Auth code %s (%i) to the store text', (code, status, message, shown) => {
    expect(describeAuthError({ status, code, message }, 'Sign in failed')).toBe(shown)
  })

  it('chooses by code whatever words Better Auth uses', () => {
    expect(describeAuthError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Credentials rejected' }, 'Sign in failed')).toBe(
      AUTH_TEXT.invalidCredentials,
    )
    expect(describeAuthError({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: '' }, 'Sign in failed')).toBe(AUTH_TEXT.emailNotVerified)
  })

  it("passes Better Auth's message through for a code without a store text", () => {
    expect(describeAuthError({ status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }, 'Sign up failed')).toBe('Password too short')
  })

  it("uses our rate limiter's message from the { error } body", () => {
    const body = {
      status: 429,
      statusText: 'Too Many Requests',
      error: { message: 'Too many sign-in attempts. Please try again later.', code: 'RATE_LIMITED' },
    }
    expect(describeAuthError(body, 'Sign in failed')).toBe('Too many sign-in attempts. Please try again later.')
  })

  it("tells a 429 without a message (Better Auth's limiter has no code) to wait", () => {
    expect(describeAuthError({ status: 429, statusText: 'Too Many Requests' }, 'Sign in failed')).toBe(AUTH_TEXT.tooManyAttempts)
  })

  it('falls back when there is no message or the request never left', () => {
    expect(describeAuthError({ status: 500, statusText: 'Internal Server Error' }, 'Sign out failed')).toBe('Sign out failed')
    expect(describeAuthError(new TypeError('Failed to fetch'), 'Sign in failed')).toBe('Sign in failed')
    expect(describeAuthError(undefined, 'Profile update failed')).toBe('Profile update failed')
  })
})
