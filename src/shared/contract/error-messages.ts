/** The catalog's error texts shoppers see: plain strings, free of the schemas, for the browser's first load. */

export const ERROR_MESSAGES = {
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  unauthenticated: 'User not authenticated',
  fetchProducts: 'Failed to fetch products',
  fetchProduct: 'Failed to fetch product',
  fetchCategories: 'Failed to fetch categories',
  fetchCategory: 'Failed to fetch category',
} as const
