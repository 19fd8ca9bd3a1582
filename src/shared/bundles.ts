/**
 * "Complete the bundle": a buyer who owns some of a bundle's items pays the bundle's price minus
 * what they paid for those items, never below the floor the owner set (nor below zero, nor above
 * the bundle's price). The server computes it for the offer on the product page and for checkout.
 */
import { formatPrice } from './money.ts'

export interface BundleCompletion {
  /** Items of the bundle the buyer already owns (paid, not refunded). */
  ownedCount: number
  itemCount: number
  /** What the buyer pays for the bundle, integer cents. */
  priceCents: number
}

/** The completion price: bundle price − paid for owned items, at least the floor. */
export function completionPriceCents(bundlePriceCents: number, floorCents: number | null, paidForOwnedCents: number): number {
  const floor = Math.min(bundlePriceCents, Math.max(0, floorCents ?? 0))
  return Math.max(floor, bundlePriceCents - Math.max(0, paidForOwnedCents))
}

/** "You own 2 of 5: complete the bundle for $24.00". */
export function completionSentence({ ownedCount, itemCount, priceCents }: BundleCompletion): string {
  return `You own ${ownedCount} of ${itemCount}: complete the bundle for ${formatPrice(priceCents)}`
}
