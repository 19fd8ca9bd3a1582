/**
 * The owner's catalog: categories (create, rename, reorder, delete when empty: category-admin.ts),
 * products (the list with archived ones, the form saved over the version it was edited from:
 * product-admin.ts) and the product list's actions on several products (duplicate, archive or
 * activate: product-copies.ts). Called by the owner's routes (admin/) and the owner CLI, each
 * write in its own transaction with the audit entry the caller adds; a write is in this
 * process's next list at once (seen-at-once.ts).
 */
import type { Database } from '../db/client.ts'
import { createCategoryAdmin } from './category-admin.ts'
import { createProductAdmin } from './product-admin.ts'
import { createProductCopies } from './product-copies.ts'
import { seenAtOnce, type WriteSeenBy } from './seen-at-once.ts'

/** `search`: the search engine told of each write at once. */
export function createProductAdminService(db: Database, { search }: { search?: WriteSeenBy } = {}) {
  return {
    ...seenAtOnce(search, createCategoryAdmin(db), ['createCategory', 'updateCategory', 'reorderCategories', 'deleteCategory']),
    ...seenAtOnce(search, createProductAdmin(db), ['createProduct', 'updateProduct']),
    ...seenAtOnce(search, createProductCopies(db), ['duplicateProduct', 'setProductsStatus']),
  }
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>
