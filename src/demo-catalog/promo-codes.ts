/**
 * The demo store's promo codes, seeded with the demo catalog (and, like it, only when demo
 * seeding is on). Each is created once: a code the owner later edits or deletes stays so.
 */
export interface DemoPromoCode {
  /** Uppercase, as the store keeps codes. */
  code: string
  /** Whole percent off the subtotal. */
  percentOff: number
}

export const DEMO_PROMO_CODES: readonly DemoPromoCode[] = [
  { code: 'WELCOME10', percentOff: 10 },
  { code: 'SAVE20', percentOff: 20 },
  { code: 'SPECIAL25', percentOff: 25 },
  { code: 'LAUNCH', percentOff: 15 },
]
