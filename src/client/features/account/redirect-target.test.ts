/** redirectTarget: back to the interrupted page, never off-site or to the auth pages. */
import { describe, expect, it } from 'vitest'
import { redirectTarget } from './redirect-target.ts'

describe('redirectTarget', () => {
  it('returns the interrupted page with its query and hash', () => {
    expect(redirectTarget({ from: { pathname: '/order-history', search: '?status=COMPLETED', hash: '#top' } }, '/profile')).toBe(
      '/order-history?status=COMPLETED#top',
    )
  })

  it('falls back when nothing was interrupted', () => {
    expect(redirectTarget(null, '/profile')).toBe('/profile')
    expect(redirectTarget({}, '/')).toBe('/')
  })

  it('refuses protocol-relative and absolute URLs', () => {
    expect(redirectTarget({ from: '//evil.example/x' }, '/profile')).toBe('/profile')
    expect(redirectTarget({ from: 'https://evil.example/' }, '/profile')).toBe('/profile')
  })

  it('does not send a producer back to the sign-in or sign-up page', () => {
    expect(redirectTarget({ from: { pathname: '/login' } }, '/profile')).toBe('/profile')
    expect(redirectTarget({ from: { pathname: '/signup', search: '?x=1' } }, '/')).toBe('/')
  })
})
