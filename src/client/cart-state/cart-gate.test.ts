/** cartGateMessage: the auth-loading texts, by action kind and state. */
import { describe, expect, it } from 'vitest'
import { cartGateMessage } from './cart-gate.ts'

const ready = { authLoading: false, userId: null, mode: 'local' as const, isSyncing: false }

describe('cartGateMessage', () => {
  it('lets a guest and a signed-in shopper act', () => {
    expect(cartGateMessage(ready, 'add')).toBeNull()
    expect(cartGateMessage({ ...ready, userId: 'u1', mode: 'server' }, 'other')).toBeNull()
  })

  it('asks to wait while the session is read or the sign-in merge runs', () => {
    expect(cartGateMessage({ ...ready, authLoading: true }, 'add')).toBe('Please wait a moment while we prepare your cart...')
    expect(cartGateMessage({ ...ready, authLoading: true }, 'other')).toBe('Please wait a moment...')
    expect(cartGateMessage({ ...ready, userId: 'u1', mode: 'server', isSyncing: true }, 'add')).toBe('Please wait a moment while we prepare your cart...')
  })

  it('refuses a server cart action while no user is known yet', () => {
    expect(cartGateMessage({ ...ready, mode: 'server' }, 'other')).toBe('Authentication loading, please try again in a moment...')
  })
})
