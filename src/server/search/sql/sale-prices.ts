/**
 * The price a shopper pays, as SQL over the products table: the listing's price filter, its
 * price and discount sorts, "On sale" and the facet counts read the same prices the product
 * views show (src/shared/sales.ts). The running sales are few, so each one's terms go into the
 * expression as parameters; with none running, the expressions are the plain columns (and their
 * indexes serve the list as before).
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import type { SaleTerms } from '../../../shared/contract/selling.ts'
import { saleRunsAt } from '../../../shared/sales.ts'
import { products } from '../../catalog/catalog.schema.ts'
import type { SalePricing } from '../../catalog/product-view.ts'

export interface SalePriceSql {
  /** One unit's price now: the best running sale's price, or the product's own. */
  paid: SQL
  /** On sale: a compare-at price above the price, or a running sale lowering it. */
  onSale: SQL
  /** What the shopper saves as a share of the struck-through price (0 to 1; 0 when nothing is struck). */
  discountShare: SQL
}

/** A uuid[] value for `= any(...)` (drizzle would expand a JS array into a list). */
function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`
}

/** True for the rows the sale's scope covers (whatever the price model: the caller checks that). */
function coversSql(sale: SaleTerms): SQL {
  if (sale.scope === 'store') return sql`true`
  const ids = sale.scope === 'products' ? sale.productIds : sale.categoryIds
  if (ids.length === 0) return sql`false`
  return sale.scope === 'products' ? sql`${products.id} = any(${uuidArray(ids)})` : sql`${products.categoryId} = any(${uuidArray(ids)})`
}

/** The unit price under the sale, as salePriceCents computes it: percent off rounded half up, or the amount off, never below 0. */
function salePriceSql(sale: SaleTerms): SQL {
  if (sale.percentOff !== null) return sql`(${products.priceCents} - (${products.priceCents} * ${sale.percentOff}::int + 50) / 100)`
  return sql`greatest(0, ${products.priceCents} - ${sale.amountOffCents ?? 0}::int)`
}

/** The compare-at price the owner wrote in metadata (whole cents), when it is a number. */
export const compareAtSql = sql`(case when jsonb_typeof(${products.metadata} -> 'originalPrice') = 'number' then round((${products.metadata} ->> 'originalPrice')::numeric) end)`

export function salePriceSqlOf(pricing: SalePricing): SalePriceSql {
  const running = pricing.sales.filter((sale) => saleRunsAt(sale, pricing.now))
  const struck = sql`greatest(${products.priceCents}, coalesce(${compareAtSql}, 0))`
  if (running.length === 0) {
    return {
      paid: sql`${products.priceCents}`,
      onSale: eq(products.onSale, true),
      discountShare: sql`coalesce((${struck} - ${products.priceCents})::float8 / nullif(${struck}, 0), 0)`,
    }
  }
  // The least of the price and every covering sale's price (least() skips the nulls of sales that do not cover it).
  const offers = running.map((sale) => sql`case when ${coversSql(sale)} then ${salePriceSql(sale)} end`)
  const paid = sql`(case when ${products.priceModel} = 'fixed' and ${products.priceCents} > 0
    then least(${products.priceCents}, ${sql.join(offers, sql`, `)}) else ${products.priceCents} end)`
  return {
    paid,
    onSale: sql`(${products.onSale} or ${paid} < ${products.priceCents})`,
    discountShare: sql`coalesce((${struck} - ${paid})::float8 / nullif(${struck}, 0), 0)`,
  }
}
