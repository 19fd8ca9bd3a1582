/**
 * What other features and the app shell may use of the cart: its store and totals (checkout
 * reads the cart it charges for, and the buyer's tax it is priced with), the controls others
 * show (the header's button, the drawer, Add to Cart, the quantity selector, the promo code
 * form, the figures) and the sync with a signed-in producer's server cart. Anything else here
 * is private.
 */
export { CartButton } from './CartButton.tsx'
export { CartDrawerOnceOpened } from './CartDrawerOnceOpened.tsx'
export { chosenPriceOf, UNCATEGORIZED, type CartItem } from './cart-item.ts'
export { selectPayablePromoCode } from './cart-promo.ts'
export { useCartStore } from './cart-store.ts'
export { CartTotals, taxLineLabel, type ShownTotals } from './CartTotals.tsx'
export { PayWhatYouWantField, PWYW_FIELD_LABELS, useTypedAmount } from './PayWhatYouWantField.tsx'
export { PromoCodeForm } from './PromoCodeForm.tsx'
export { QuantitySelector } from './QuantitySelector.tsx'
export { useAddToCart } from './use-add-to-cart.ts'
export { syncSignedInCart, useCartSync } from './use-cart-sync.ts'
export { useBundleOffer } from './api/get-bundle-offer.ts'
export { useBundleCartPrices } from './use-bundle-prices.ts'
export { useCartTotals } from './use-cart-totals.ts'
export { useOwnedProductIds } from './use-owned-products.ts'
export { useTaxMode, useTaxTreatment } from './use-tax-treatment.ts'
