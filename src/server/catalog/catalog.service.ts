/**
 * Catalog reads: product lists (category, search, sort, paging), one product, categories,
 * and the product facts other capabilities need (active products to sell, summaries of bought
 * products, the stored file of a product). Each list is one indexed query; the total comes
 * from a window count in the same query; a batch of ids is one query, never one per id.
 */
import { and, asc, desc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { CatalogSections, Category, Product, ProductList, ProductListItem } from '../../shared/contract/catalog.ts'
import type { CatalogFacets } from '../../shared/contract/catalog-filters.ts'
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { productListQuerySchema } from '../../shared/contract/catalog.ts'
import type { z } from 'zod'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { isUuid } from '../../shared/ids.ts'
import { isDigitalProduct } from '../../shared/product-view.ts'
import type { Database } from '../db/client.ts'
import { categories, categorySlugRedirects, categoryViewColumns, productFileVersions, products } from './catalog.schema.ts'
import { LIVE_FILE_VERSION_COLUMNS, LIVE_FILE_VERSION_JOIN, toLiveFileVersion } from './live-file-versions.ts'
import { createCategoryAdmin } from './category-admin.ts'
import { createProductAdmin } from './product-admin.ts'
import { createProductCopies } from './product-copies.ts'
import { createProductMedia, type ProductMediaDeps } from './product-media.ts'
import { createProductFileVersions } from './product-file-versions.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { notFound } from '../http/errors.ts'
import { createBundles } from './bundles.ts'
import { mediaUrlFor, toCategoryView, toJoinedListItem, toProductListItem, toProductView, type SalePricing } from './product-view.ts'
import { createProductDiscovery } from './product-discovery.ts'
import { facetCounts, type Remember } from './facet-counts.ts'
import { allConditions, productFilterSql, searchRelevance, searchTermsOf, type ProductFilterSql } from './product-filters.ts'
import { createSaleAdmin } from './sale-admin.ts'
export type { AdminSaleRow, SaleAudit } from './sale-admin.ts'
import { createSaleSchedule } from './sales.ts'
import type { CatalogSearchEngine } from './search-index/catalog-index.ts'
import { createKeptRows } from './search-index/kept-rows.ts'
export { createCatalogIndex } from './search-index/catalog-index.ts'

export type ProductListParams = z.output<typeof productListQuerySchema>

const SORT_COLUMNS = {
  created_at: products.createdAt,
  createdAt: products.createdAt,
  updated_at: products.updatedAt,
  updatedAt: products.updatedAt,
  name: products.name,
  rating: products.rating,
  bpm: products.bpm,
} as const

/** What a list's facets are counted within, whatever its filters: the category and the searches. */
function scopeKeyOf(params: ProductListParams): string {
  return JSON.stringify([params.category ?? null, params.search?.trim() || null, searchTermsOf(params.q)?.text ?? null])
}

/**
 * The list's order: relevance (how well name, tags, genre and description match, plus how close
 * the spelling is) when searching, else the column asked for. Products without a rating or a BPM
 * come last either way. Without a search, "relevance" is the newest first. Price is the price
 * shoppers pay now (a running sale's); discount is the saving as a share of the struck price,
 * the newest first among equal savings.
 */
function orderOf(params: ProductListParams, { search, prices }: ProductFilterSql): SQL[] {
  if (params.sortBy === 'relevance') {
    if (!search) return [desc(products.createdAt)]
    return [desc(searchRelevance(search)), desc(products.createdAt)]
  }
  const ascending = params.sortOrder === 'asc'
  if (params.sortBy === 'price') return [ascending ? asc(prices.paid) : desc(prices.paid)]
  if (params.sortBy === 'discount') return [ascending ? asc(prices.discountShare) : desc(prices.discountShare), desc(products.createdAt)]
  const column = SORT_COLUMNS[params.sortBy]
  if (params.sortBy === 'rating' || params.sortBy === 'bpm') return [sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls last`]
  return [ascending ? asc(column) : desc(column)]
}

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

/** The stored file a download grant sends, and the product name it is saved under. */
export interface ProductFile {
  name: string
  /** Storage key, or null when the product has no file. */
  storageKey: string | null
  /** The number of the live file version (the one the storage key holds); null before the first. */
  fileVersion: number | null
}

const unavailable = () => {
  throw new Error('This catalog service was created without storage')
}
const noStorage: FileStorage = { kind: 'none', stat: unavailable, createReadStream: unavailable, put: unavailable, delete: unavailable }

/** A list item's columns: not the waveform, nor the search columns, which lists never show. */
const { previewPeaks: _peaks, searchVector: _vector, searchText: _text, ...listedColumns } = getTableColumns(products)

/** A list item's row: the product's listed columns and its category (null when it has none). */
interface ListedRow {
  product: Omit<typeof products.$inferSelect, 'previewPeaks' | 'searchVector' | 'searchText'>
  category: { id: string; name: string; slug: string; description: string | null } | null
}

interface ListedPage {
  items: ProductListItem[]
  total: number
  facets: CatalogFacets | undefined
}

/**
 * How many list items the index path keeps in memory (about 2 KB each): the whole active catalog
 * of most stores, and the most asked-for part of a larger one.
 */
const KEPT_LIST_ITEMS = 20_000
/**
 * A moment after the first list of a catalog (at start, after each change), the rest of its items
 * are read into memory, this many at a time: a list that finds all its items kept sends no query,
 * which on the embedded database (run in the store's own thread) held every list behind it.
 */
const KEPT_FILL_DELAY_MS = 1_000
const KEPT_FILL_BATCH = 500

/** Where the owner's uploads are stored; a service without it (some tests) cannot take product files. */
export type CatalogStorage = Omit<ProductMediaDeps, 'db'>

export interface CatalogServiceOptions {
  /** MEDIA_BASE_URL: covers and previews are handed out from there instead of /media. */
  mediaBaseUrl?: string | undefined
  /**
   * What answers lists and facets: an in-memory index of the active catalog (the store's
   * default: its owner must call `searchEngine.invalidate()` on every catalog change), or SQL
   * on every request (the fallback, and the oracle the index is tested against).
   */
  search?: CatalogSearchEngine | 'sql'
}

export function createCatalogService(db: Database, storage?: CatalogStorage, { mediaBaseUrl, search = 'sql' }: CatalogServiceOptions = {}) {
  const mediaUrl = mediaUrlFor(mediaBaseUrl)
  // The running sales price every product this service answers, read with the clock at each call.
  const saleSchedule = createSaleSchedule(db)
  const bundles = createBundles(db, mediaUrl, saleSchedule.pricingNow)

  /** The category at this slug, or at a slug it had before it was changed. */
  async function findCategoryBySlug(slug: string): Promise<Category | null> {
    const [row] = await db.select(categoryViewColumns).from(categories).where(eq(categories.slug, slug)).limit(1)
    if (row) return toCategoryView(row)
    const [moved] = await db
      .select(categoryViewColumns)
      .from(categorySlugRedirects)
      .innerJoin(categories, eq(categorySlugRedirects.categoryId, categories.id))
      .where(eq(categorySlugRedirects.slug, slug))
      .limit(1)
    return moved ? toCategoryView(moved) : null
  }

  /** One page of a list chosen by SQL: the page on narrow rows (id, sort keys, the window count), then only its own rows read whole. */
  async function sqlListing(params: ProductListParams, pricing: SalePricing): Promise<ListedPage> {
    const filters = productFilterSql(params, pricing)
    const where = allConditions(filters)
    const page = db
      .select({ id: products.id, total: sql<number>`count(*) over()`.as('total') })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      .orderBy(...orderOf(params, filters), asc(products.id))
      .limit(params.limit)
      .offset(params.offset)
      .as('page')
    const listing = db
      .select({ product: listedColumns, category: categoryViewColumns, total: sql<number>`${page.total}`.mapWith(Number) })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .orderBy(...orderOf(params, filters), asc(products.id))
    const [rows, facets] = await Promise.all([listing, params.facets ? facetCounts(db, filters, params.tag ?? [], scopeKeyOf(params)) : undefined])
    let total = rows[0]?.total ?? 0
    if (rows.length === 0 && params.offset > 0) {
      // A page past the end still reports the total.
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(where)
      total = counted?.total ?? 0
    }
    return { items: rows.map((row) => listItemOf(row, pricing)), total, facets }
  }

  /** A row as lists show it, priced by the running sales. */
  function listItemOf(row: ListedRow, pricing: SalePricing): ProductListItem {
    return toJoinedListItem(row, mediaUrl, pricing)
  }

  // Built once and prepared: a list from the index spends its time on nothing but this read.
  const listedByIds = db
    .select({ product: listedColumns, category: categoryViewColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('catalog_listed_by_ids')

  /**
   * A list item stays right while the catalog and the running sales stay as they are: the kept
   * items are for one count of catalog changes and one list of sales (a new list is read at each
   * sale boundary and after each sale written), so either moving on drops them.
   */
  let pricedWith: SalePricing['sales'] | null = null
  let pricingEra = 0
  /** What the kept items are for: moves with each catalog change and each new list of sales. */
  const itemsEra = () => (search === 'sql' ? 0 : search.changes) + pricingEra
  const keptItems = search === 'sql' ? null : createKeptRows<ProductListItem>(KEPT_LIST_ITEMS, (item) => item.id, itemsEra)

  /** One page of a list chosen by the search engine: its ids in order, then their items, kept from earlier lists or read in one query by primary key. */
  async function indexedListing(engine: CatalogSearchEngine, params: ProductListParams, pricing: SalePricing): Promise<ListedPage> {
    const { ids, total, facets } = await engine.list(params, pricing)
    if (ids.length === 0) return { items: [], total, facets }
    // Compared with no wait before the read, so no list priced otherwise can keep items between them.
    if (pricing.sales !== pricedWith) {
      pricedWith = pricing.sales
      pricingEra++
    }
    // A kept bundle keeps its count of products: a change to what it holds is a catalog change.
    const loadItems = async (missing: string[]) =>
      bundles.withBundleItemCounts((await listedByIds.execute({ ids: missing })).map((row) => listItemOf(row, pricing)))
    const byId = await keptItems!.read(ids, loadItems)
    fillKeptItemsSoon(loadItems)
    return { items: ids.map((id) => byId.get(id)).filter((item) => item !== undefined), total, facets }
  }

  /** Once per era of the kept items: the active catalog's items, newest first, up to what is kept. */
  let filledFor: number | null = null
  function fillKeptItemsSoon(loadItems: (missing: string[]) => Promise<ProductListItem[]>): void {
    if (filledFor === itemsEra()) return
    filledFor = itemsEra()
    const fill = async () => {
      const active = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(desc(products.createdAt))
        .limit(KEPT_LIST_ITEMS)
      await keptItems!.fill(
        active.map((row) => row.id),
        loadItems,
        KEPT_FILL_BATCH,
      )
    }
    // Only time is lost when it fails: the lists read what they miss, as before.
    setTimeout(() => void fill().catch(() => undefined), KEPT_FILL_DELAY_MS).unref()
  }

  /**
   * The owner's catalog writes through this service are in this process's next list at once:
   * the database's change notification (which every process hears) may arrive a moment later.
   */
  function seenAtOnce<T extends object>(methods: T, writes: readonly (keyof T)[]): T {
    if (search === 'sql') return methods
    const engine = search
    const wrapped = { ...methods }
    for (const name of writes) {
      const write = methods[name] as (...args: unknown[]) => Promise<unknown>
      wrapped[name] = (async (...args: unknown[]) => {
        try {
          return await write(...args)
        } finally {
          engine.invalidate()
        }
      }) as T[keyof T]
    }
    return wrapped
  }

  const storageDeps = storage ? { db, ...storage } : { db, files: noStorage, media: noStorage, maxFileBytes: 0 }

  return {
    ...seenAtOnce(createCategoryAdmin(db), ['createCategory', 'updateCategory', 'reorderCategories', 'deleteCategory']),
    ...seenAtOnce(createProductAdmin(db), ['createProduct', 'updateProduct']),
    ...seenAtOnce(createProductCopies(db), ['duplicateProduct', 'setProductsStatus']),
    ...seenAtOnce(createProductMedia(storageDeps), ['discardUnsoldProduct', 'replaceCover', 'replacePreview']),
    ...seenAtOnce(createProductFileVersions(storageDeps), ['addFileVersion']),
    ...createProductDiscovery(db, mediaUrl, saleSchedule.pricingNow),
    ...createSaleAdmin(db, saleSchedule),
    /** The timed sales this service prices with: app.ts joins them to the catalog cache. */
    saleSchedule,
    /** True when a list's facets cost no more than the list (the index counts them in the same pass). */
    countsFacetsWithList: search !== 'sql',
    ...seenAtOnce(bundles, ['setBundle']),
    async listProducts(params: ProductListParams): Promise<ProductList> {
      const pricing = await saleSchedule.pricingNow()
      const { items, total, facets } = search === 'sql' ? await sqlListing(params, pricing) : await indexedListing(search, params, pricing)
      // An empty page says nothing about why: an unknown slug is a 404.
      if (items.length === 0 && params.category && !(await findCategoryBySlug(params.category))) throw notFound(ERROR_MESSAGES.categoryNotFound)
      return {
        data: items,
        total,
        limit: params.limit,
        offset: params.offset,
        hasMore: params.offset + items.length < total,
        ...(facets ? { facets } : {}),
      }
    },

    /** The filter panel's options and counts for a list (its order and page aside); `remember` keeps what a scope's lists share. */
    async productFacets(params: ProductListParams, remember?: Remember): Promise<CatalogFacets> {
      const pricing = await saleSchedule.pricingNow()
      if (search !== 'sql') return search.facets(params, pricing)
      return facetCounts(db, productFilterSql(params, pricing), params.tag ?? [], scopeKeyOf(params), remember)
    },

    /** One active product; a malformed id is simply not found (never a database error). */
    async getProduct(id: string): Promise<Product> {
      if (!isUuid(id)) throw notFound(ERROR_MESSAGES.productNotFound)
      const pricing = await saleSchedule.pricingNow()
      const [row] = await db
        .select({ product: products, category: categoryViewColumns })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(products.id, id), eq(products.isActive, true)))
        .limit(1)
      if (!row) throw notFound(ERROR_MESSAGES.productNotFound)
      return toProductView(row.product, row.category?.id ? toCategoryView(row.category) : null, mediaUrl, pricing)
    },

    /**
     * Every category in store order with its `perCategory` newest active products (as the
     * category's own list orders them) and its product count: three indexed queries, whatever
     * the number of categories.
     */
    async catalogSections(perCategory: number): Promise<CatalogSections['data']> {
      const ranked = db
        .select({
          id: products.id,
          categoryId: products.categoryId,
          rank: sql<number>`row_number() over (partition by ${products.categoryId} order by ${products.createdAt} desc, ${products.id} asc)`.as('rank'),
          total: sql<number>`count(*) over (partition by ${products.categoryId})`.as('total'),
        })
        .from(products)
        .where(eq(products.isActive, true))
        .as('ranked')
      const pricing = await saleSchedule.pricingNow()
      const [sections, top] = await Promise.all([
        db.select(categoryViewColumns).from(categories).orderBy(asc(categories.position), asc(categories.name)),
        db.select().from(ranked).where(lte(ranked.rank, perCategory)),
      ])
      const rows =
        top.length === 0
          ? []
          : await db
              .select({ product: products, category: categoryViewColumns })
              .from(products)
              .leftJoin(categories, eq(products.categoryId, categories.id))
              .where(
                inArray(
                  products.id,
                  top.map((entry) => entry.id),
                ),
              )
      const byId = new Map(rows.map((row) => [row.product.id, row]))
      return sections.map((category) => {
        const mine = top.filter((entry) => entry.categoryId === category.id).sort((a, b) => Number(a.rank) - Number(b.rank))
        return {
          category: toCategoryView(category),
          products: mine
            .map((entry) => byId.get(entry.id))
            .filter((row) => row !== undefined)
            .map((row) => toProductListItem(row.product, toCategoryView(category), mediaUrl, pricing)),
          total: Number(mine[0]?.total ?? 0),
        }
      })
    },

    async listCategories(): Promise<Category[]> {
      const rows = await db.select(categoryViewColumns).from(categories).orderBy(asc(categories.position), asc(categories.name))
      return rows.map(toCategoryView)
    },

    /** Active products by id (unknown, malformed and inactive ids are simply absent), with their categories, in one query. */
    async activeProductsByIds(ids: readonly string[]): Promise<Map<string, Product>> {
      const valid = [...new Set(ids)].filter(isUuid)
      if (valid.length === 0) return new Map()
      // Priced by the sales running now: the cart and checkout charge what the product page shows.
      const pricing = await saleSchedule.pricingNow()
      const rows = await db
        .select({ product: products, category: categoryViewColumns })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(inArray(products.id, valid), eq(products.isActive, true)))
      return new Map(rows.map((row) => [row.product.id, toProductView(row.product, row.category?.id ? toCategoryView(row.category) : null, mediaUrl, pricing)]))
    },

    /** Summaries of products by id, active or archived (a buyer keeps what they bought), in one query. */
    async productSummariesByIds(ids: readonly string[]): Promise<Map<string, ProductSummary>> {
      const valid = [...new Set(ids)].filter(isUuid)
      if (valid.length === 0) return new Map()
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          imageUrl: products.imageUrl,
          fileSize: products.fileSize,
          downloadLimit: products.downloadLimit,
          isBundle: products.isBundle,
          metadata: products.metadata,
          category: categoryViewColumns,
          fileVersion: LIVE_FILE_VERSION_COLUMNS,
        })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .leftJoin(productFileVersions, LIVE_FILE_VERSION_JOIN)
        .where(inArray(products.id, valid))
      return new Map(
        rows.map(({ category, metadata, fileVersion, ...product }) => [
          product.id,
          {
            ...product,
            imageUrl: product.imageUrl && mediaUrl(product.imageUrl),
            isDigital: isDigitalProduct(metadata),
            category: category?.id ? toCategoryView(category) : null,
            fileVersion: toLiveFileVersion(fileVersion),
          },
        ]),
      )
    },

    /** What search engines may index: every active product and every category that has one, with when each last changed. */
    async sitemapEntries(): Promise<{ products: { id: string; updatedAt: Date }[]; categories: { slug: string; updatedAt: Date }[] }> {
      const [listed, sections] = await Promise.all([
        db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(eq(products.isActive, true))
          .orderBy(asc(products.createdAt), asc(products.id)),
        db
          .select({ slug: categories.slug, updatedAt: sql<Date>`max(${products.updatedAt})`.mapWith((value: string | Date) => new Date(value)) })
          .from(categories)
          .innerJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
          .groupBy(categories.id)
          .orderBy(asc(categories.position), asc(categories.name)),
      ])
      return { products: listed, categories: sections }
    },

    /** The product's stored file, active or archived; null for an unknown product. */
    async productFile(productId: string): Promise<ProductFile | null> {
      if (!isUuid(productId)) return null
      const [row] = await db
        .select({ name: products.name, storageKey: products.fileUrl, fileVersion: products.liveFileVersion })
        .from(products)
        .where(eq(products.id, productId))
      return row ?? null
    },

    async getCategory(slug: string): Promise<Category> {
      const category = await findCategoryBySlug(slug)
      if (!category) throw notFound(ERROR_MESSAGES.categoryNotFound)
      return category
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
