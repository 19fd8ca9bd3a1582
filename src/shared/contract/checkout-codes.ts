/** Checkout's error codes, by which the browser chooses its text; free of the schemas, for the browser's first load. */

/** The `code` of each checkout error the API answers; clients choose the text they show by it. */
export const CHECKOUT_ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  userIdRequired: 'USER_ID_REQUIRED',
  buyerRequired: 'BUYER_REQUIRED',
  itemsRequired: 'ITEMS_REQUIRED',
  productIdRequired: 'PRODUCT_ID_REQUIRED',
  quantityInvalid: 'INVALID_QUANTITY',
  cartEmpty: 'CART_EMPTY',
  productsInvalid: 'INVALID_PRODUCTS',
  invalidEmail: 'INVALID_EMAIL',
  invalidPromo: 'INVALID_PROMO_CODE',
  /** A once-per-customer code this buyer already paid with: the shopper reads the server's own message. */
  promoAlreadyUsed: 'PROMO_ALREADY_USED',
  purchaseLimit: 'PURCHASE_LIMIT',
  alreadyOwned: 'ALREADY_OWNED',
  replaced: 'CHECKOUT_REPLACED',
  busy: 'CHECKOUT_BUSY',
  providerFailed: 'PAYMENT_PROVIDER_ERROR',
  orderNotFound: 'NOT_FOUND',
  notAwaitingPayment: 'ORDER_NOT_PENDING',
  validation: 'VALIDATION_ERROR',
  /** The billing address breaks its country's rules; the message is the sentence for the field the error names. */
  invalidAddress: 'INVALID_ADDRESS',
  /** The VAT number fails its country's format, names another country than the billing one, or the EU's register does not know it. */
  invalidVatNumber: 'INVALID_VAT_NUMBER',
  /** A pay-what-you-want amount under the product's minimum (or missing): the message names the minimum. */
  priceBelowMinimum: 'PRICE_BELOW_MINIMUM',
  /** A free product is had with an email ("Get it free"), not through checkout. */
  freeProduct: 'FREE_PRODUCT',
  /** The cart holds a bundle and a product the bundle already holds. */
  alreadyInBundle: 'ALREADY_IN_BUNDLE',
} as const
