/**
 * Product ids the signed-in shopper already owns, for the "already owned" rule. Purchases arrive
 * with the orders issue (GET /api/purchases); until then nobody owns anything, so this answers
 * an empty list and the rule (shared/cart-rules.ts ownershipError) never fires.
 */
const NONE: readonly string[] = []

export function useOwnedProductIds(): readonly string[] {
  return NONE
}
