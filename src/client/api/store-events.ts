/**
 * Counts a product page seen or a product added to a cart for the owner's funnel: the kind and
 * nothing else, sent without cookies and without waiting (a lost count never troubles the shopper).
 */
import type { StoreEventKind } from '../../shared/contract/store-events.ts'

export function recordStoreEvent(kind: StoreEventKind): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return
  fetch('/api/store-events', {
    method: 'POST',
    credentials: 'omit',
    // Sent even when the shopper leaves the page at once.
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind }),
  }).catch(() => {})
}
