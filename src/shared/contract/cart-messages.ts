/** The cart's error texts: plain strings, free of the schemas, for the browser's first load. */

export const CART_ERROR_MESSAGES = {
  fetchCart: 'Failed to fetch cart',
  addItem: 'Failed to add item to cart',
  updateItem: 'Failed to update cart item',
  removeItem: 'Failed to remove item from cart',
  clearCart: 'Failed to clear cart',
  cartItemNotFound: 'Cart item not found',
  invalidPromo: 'Invalid promo code',
  promoRequired: 'Promo code is required',
  validatePromo: 'Failed to validate promo code',
} as const
