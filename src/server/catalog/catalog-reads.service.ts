/**
 * Catalog reads: product lists (category, search, sort, paging) and the search box's suggestions
 * through the search engine (catalog-search.ts), one product, "more like this", categories, the
 * storefront's sections and the sitemap, and the product facts other capabilities need (active
 * products to sell, summaries of bought products, the stored file of a product). A batch of ids
 * is one query, never one per id. Every price is the one the running sales make now.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { CatalogSections, Category, Product, ProductList, SearchSuggestions } from '../../shared/contract/catalog.ts'
import type { CatalogFacets } from '../../shared/contract/catalog-filters.ts'
import { ERROR_MESSAGES } from '../../shared/contract/errors.ts'
import { isUuid } from '../../shared/ids.ts'
import { isDigitalProduct } from '../../shared/product-view.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../http/errors.ts'
import type { CatalogSearch, Remember } from './catalog-search.ts'
import type { ProductListParams, ProductSummary } from './catalog.types.ts'
import { categories, categorySlugRedirects, categoryViewColumns, productFileVersions, products } from './catalog.schema.ts'
import { LIVE_FILE_VERSION_COLUMNS, LIVE_FILE_VERSION_JOIN, toLiveFileVersion } from './live-file-versions.ts'
import { createProductDiscovery } from './product-discovery.ts'
import { toCategoryView, toProductListItem, toProductView, type MediaUrl, type SalePricing } from './product-view.ts'

/** The stored file a download grant sends, and the product name it is saved under. */
export interface ProductFile {
  name: string
  /** Storage key, or null when the product has no file. */
  storageKey: string | null
  /** The number of the live file version (the one the storage key holds); null before the first. */
  fileVersion: number | null
}

export interface CatalogReadsDeps {
  /** Where browsers fetch covers and previews (/media, or MEDIA_BASE_URL). */
  mediaUrl: MediaUrl
  /** The sales running now (the sales service's schedule), read with the clock at each call. */
  pricingNow: () => Promise<SalePricing>
  /** What answers lists, facets and suggestions: SQL, or the in-memory index (app.ts chooses). */
  search: CatalogSearch
}

export function createCatalogReadsService(db: Database, { mediaUrl, pricingNow, search }: CatalogReadsDeps) {
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

  return {
    ...createProductDiscovery(db, mediaUrl, pricingNow),
    /** True when a list's facets cost no more than the list (the index counts them in the same pass). */
    countsFacetsWithList: search.countsFacetsWithList,

    async listProducts(params: ProductListParams): Promise<ProductList> {
      const pricing = await pricingNow()
      const { items, total, facets } = await search.list(params, pricing)
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
      return search.facets(params, await pricingNow(), remember)
    },

    /** What the header's search box offers for `q` (2 characters or more): products, categories and tags that match it. */
    searchSuggestions(q: string): Promise<SearchSuggestions> {
      return search.suggestions(q)
    },

    /** One active product; a malformed id is simply not found (never a database error). */
    async getProduct(id: string): Promise<Product> {
      if (!isUuid(id)) throw notFound(ERROR_MESSAGES.productNotFound)
      const pricing = await pricingNow()
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
      const pricing = await pricingNow()
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
      const pricing = await pricingNow()
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

export type CatalogReadsService = ReturnType<typeof createCatalogReadsService>
