/**
 * What a limited promo code applies to, by name: its products (archived ones keep their name)
 * and its categories, read from the catalog in one query each however many codes are asked
 * about. The shopper's refusal ("SPRING applies to Drum Kits only") and the console's list
 * name them; a product or category deleted since is left out.
 */
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { PromoCodeRow } from './promo.schema.ts'

/** What the promo service reads of the catalog. */
export type PromoCatalog = Pick<CatalogReadsService, 'productSummariesByIds' | 'listCategories'>

export interface NamedRecord {
  id: string
  name: string
}

/** A code's scope by name: the products and categories it is limited to (both empty: every line). */
export interface PromoScope {
  products: NamedRecord[]
  categories: NamedRecord[]
}

type ScopedRow = Pick<PromoCodeRow, 'productIds' | 'categoryIds'>

export function createPromoScopes(catalog: PromoCatalog) {
  /** Each row's scope by name, in the row's order of ids. */
  async function scopesOf(rows: readonly ScopedRow[]): Promise<PromoScope[]> {
    const productIds = [...new Set(rows.flatMap((row) => row.productIds))]
    const needCategories = rows.some((row) => row.categoryIds.length > 0)
    const [products, categories]: [ReadonlyMap<string, NamedRecord>, NamedRecord[]] = await Promise.all([
      productIds.length > 0 ? catalog.productSummariesByIds(productIds) : new Map<string, NamedRecord>(),
      needCategories ? catalog.listCategories() : [],
    ])
    const categoryById = new Map(categories.map((category): [string, NamedRecord] => [category.id, category]))
    const named = (ids: readonly string[], byId: ReadonlyMap<string, NamedRecord>) =>
      ids.flatMap((id) => {
        const found = byId.get(id)
        return found ? [{ id, name: found.name }] : []
      })
    return rows.map((row) => ({ products: named(row.productIds, products), categories: named(row.categoryIds, categoryById) }))
  }

  return {
    scopesOf,
    /** The names a limited code's sentence lists: its products', then its categories'. */
    async scopeNamesOf(row: ScopedRow): Promise<string[]> {
      const [scope] = await scopesOf([row])
      return [...scope!.products, ...scope!.categories].map((record) => record.name)
    },
  }
}

export type PromoScopes = ReturnType<typeof createPromoScopes>
