/**
 * What the app shell may use of the cart's screens: the header's button, the drawer, the repricing
 * of a signed-in shopper's bundle lines (both mounted in the page frame), the product page's amount
 * and quantity fields, and the promo code form the checkout pages show. The cart's state itself
 * (lines, promo, figures, Add to Cart, the sync with the server cart) lives below the features, in
 * src/client/cart-state/. Anything else here is private.
 */
export { CartButton } from './CartButton.tsx'
export { CartDrawerOnceOpened } from './CartDrawerOnceOpened.tsx'
export { PayWhatYouWantField, PWYW_FIELD_LABELS, useTypedAmount } from './PayWhatYouWantField.tsx'
export { PromoCodeForm } from './PromoCodeForm.tsx'
export { QuantitySelector } from './QuantitySelector.tsx'
export { useBundleCartPrices } from './use-bundle-prices.ts'
