/**
 * The catalog's types that its own modules and other capabilities name: a product list's
 * parameters (the list, its SQL filters and the search engines all read them) and a product's
 * summary (what an order, a purchase or a download shows of it). A leaf: it imports only shared
 * types, so a module that names them never imports a catalog service back (ProductListParams,
 * once declared in the catalog's service, tied twelve files into a circle). Other capabilities
 * import this file only as types.
 */
import type { z } from 'zod'
import type { Category, productListQuerySchema } from '../../shared/contract/catalog.ts'
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'

export type ProductListParams = z.output<typeof productListQuerySchema>

/** What an order, a purchase or a download shows of a product, whether or not it is still on sale. */
export interface ProductSummary {
  id: string
  name: string
  description: string
  imageUrl: string | null
  fileSize: number
  downloadLimit: number
  /** A digital download (one copy per buyer), as opposed to a physical item. */
  isDigital: boolean
  /** A bundle: its buyers get its items, each an order item of its own. */
  isBundle: boolean
  category: Category | null
  /** The file version buyers download now; null before the product has a file. */
  fileVersion: LiveFileVersion | null
}
