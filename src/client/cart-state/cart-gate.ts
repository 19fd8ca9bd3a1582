/**
 * Whether a cart action may run now: while the session is read
 * or the sign-in merge runs, adding says "Please wait a moment while we prepare your cart..."
 * and other actions "Please wait a moment..."; a server cart without a known user says
 * "Authentication loading, please try again in a moment...".
 */
import { CART_MESSAGES } from '../../shared/cart-rules.ts'
import type { CartMode } from './cart-store.ts'

export interface CartGateInput {
  authLoading: boolean
  userId: string | null
  mode: CartMode
  isSyncing: boolean
}

export type CartActionKind = 'add' | 'other'

/** The text to show instead of running the action, or null when it may run. */
export function cartGateMessage({ authLoading, userId, mode, isSyncing }: CartGateInput, kind: CartActionKind): string | null {
  if (authLoading || isSyncing) return kind === 'add' ? CART_MESSAGES.authLoadingAdd : CART_MESSAGES.authLoadingOther
  if (mode === 'server' && !userId) return CART_MESSAGES.authUserMissing
  return null
}
