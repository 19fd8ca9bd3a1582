/**
 * What other console domains may use of products: the owner's product list (a sale's or a promo
 * code's scope picks from it). Anything else here is private.
 */
export { useAdminProducts } from './api/products.ts'
