/**
 * What other console domains may use of categories: the owner's list of them (a product's
 * category, a sale's or a promo code's scope). Anything else here is private.
 */
export { useAdminCategories } from './api/categories.ts'
