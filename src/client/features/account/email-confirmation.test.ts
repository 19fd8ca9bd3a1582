/** readConfirmationLink: the landing URL of a confirmation link decides success or which error text. */
import { describe, expect, it } from 'vitest'
import { readConfirmationLink } from './email-confirmation.ts'

const read = (search: string, hash = '') => readConfirmationLink(new URLSearchParams(search), hash)

describe('readConfirmationLink', () => {
  it('is a success after the server verified the link', () => {
    expect(read('?confirmed=true')).toEqual({ kind: 'confirmed' })
  })

  it('says the link may have expired for an expired token', () => {
    expect(read('?confirmed=true&error=TOKEN_EXPIRED')).toEqual({ kind: 'error', message: 'Failed to confirm email. The link may have expired.' })
    expect(read('?error=token_expired')).toEqual({ kind: 'error', message: 'Failed to confirm email. The link may have expired.' })
    expect(read('?error=EMAIL_ALREADY_VERIFIED')).toEqual({ kind: 'error', message: 'Failed to confirm email. The link may have expired.' })
  })

  it('calls a tampered token an invalid confirmation link', () => {
    expect(read('?error=INVALID_TOKEN')).toEqual({ kind: 'error', message: 'Invalid confirmation link. Please check your email and try again.' })
  })

  it('uses the error description from the hash when the link carries one', () => {
    expect(read('', '#error=access_denied&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      kind: 'error',
      message: 'Email link is invalid or has expired',
    })
  })

  it('verifies a bare token itself and calls a link with nothing an error', () => {
    expect(read('?token=abc')).toEqual({ kind: 'verify', token: 'abc' })
    expect(read('')).toEqual({ kind: 'error', message: 'Invalid confirmation link. Please check your email and try again.' })
  })
})
