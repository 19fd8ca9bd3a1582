/** The catalog's error texts shoppers see, and the storefront's sentence for a request it cannot read: plain strings, free of the schemas, for the browser's first load. */

export const ERROR_MESSAGES = {
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  unauthenticated: 'User not authenticated',
  fetchProducts: 'Failed to fetch products',
  fetchProduct: 'Failed to fetch product',
  fetchCategories: 'Failed to fetch categories',
  fetchCategory: 'Failed to fetch category',
  /** No response at all: the network, not the store. */
  noConnection: "We couldn't reach the store. Please check your connection and try again.",
  /** A 400 whose schema gave no sentence of its own (the developer's detail travels beside it). */
  requestProblem: "Something in that request wasn't right. Please check it and try again.",
} as const
