/**
 * The active catalog as the in-memory index holds it: one entry per active product in parallel
 * arrays (the filter fields, the sort keys, the search text), read in one query. Orders that
 * depend on the database's collation (names, tag names) are read from the database as ranks, so
 * the index sorts exactly as the SQL path does; timestamps keep their microseconds for the same reason.
 */
import { sql } from 'drizzle-orm'
import type { PriceModel } from '../../../shared/contract/selling.ts'
import type { Database } from '../../db/client.ts'
import { categories, categorySlugRedirects, products } from '../catalog.schema.ts'
import { rowsOf } from '../product-discovery.ts'
import { compareAtSql } from '../sale-prices.ts'

interface ProductRow {
  id: string
  category_id: string | null
  name: string
  description: string
  price_cents: number
  price_model: PriceModel
  compare_at: number | string | null
  on_sale: boolean
  genre: string | null
  music_key: string | null
  sound_types: string[]
  tags: string[]
  bpm: number | string | null
  rating: number | string | null
  created_us: number | string
  updated_us: number | string
  name_rank: number | string
}

/** The searchable text of a product, indexed by the text engine. */
export interface IndexedText {
  /** The product's id. */
  id: string
  name: string
  description: string
  genre: string
  tags: string
}

/** The active products, entry `i` of every array describing the same product. */
export interface IndexRows {
  count: number
  ids: string[]
  categoryIds: (string | null)[]
  /** Lower-case names and descriptions, for the substring search. */
  namesLower: string[]
  descriptionsLower: string[]
  priceCents: Int32Array
  priceModels: PriceModel[]
  /** The compare-at price the owner wrote (whole cents), or -1 when none. */
  compareAtCents: Float64Array
  onSale: Uint8Array
  /** Genre as stored (the facet lists it so), and lower-case (the filter compares so). */
  genres: (string | null)[]
  genresLower: (string | null)[]
  musicKeys: (string | null)[]
  soundTypes: string[][]
  tags: string[][]
  /** NaN when the product has none. */
  bpm: Float64Array
  rating: Float64Array
  createdUs: Float64Array
  updatedUs: Float64Array
  /** Equal names share a rank; the database's collation orders them. */
  nameRank: Int32Array
  /** What the text engine indexes; dropped once it has (only changed texts are indexed again). */
  texts: IndexedText[] | null
}

export interface IndexCategories {
  /** Category ids by slug, former slugs included (a former slug may name another category than the current one). */
  idsBySlug: Map<string, Set<string>>
}

/** Every tag of an active product with its place in the database's order of tag names. */
export type TagRanks = Map<string, number>

const numberOr = (value: number | string | null, none: number) => (value === null ? none : Number(value))

export async function loadIndexRows(db: Database): Promise<IndexRows> {
  const rows = await rowsOf<ProductRow>(
    db,
    sql`select ${products.id} as id, ${products.categoryId} as category_id, ${products.name} as name, ${products.description} as description,
      ${products.priceCents} as price_cents, ${products.priceModel} as price_model, ${compareAtSql}::float8 as compare_at,
      ${products.onSale} as on_sale, ${products.genre} as genre, ${products.musicKey} as music_key, ${products.soundTypes} as sound_types,
      ${products.tags} as tags, ${products.bpm}::float8 as bpm, ${products.rating}::float8 as rating,
      (extract(epoch from ${products.createdAt}) * 1000000)::float8 as created_us, (extract(epoch from ${products.updatedAt}) * 1000000)::float8 as updated_us,
      dense_rank() over (order by ${products.name}) as name_rank
    from ${products} where ${products.isActive}`,
  )
  const count = rows.length
  const index: IndexRows = {
    count,
    ids: new Array<string>(count),
    categoryIds: new Array<string | null>(count),
    namesLower: new Array<string>(count),
    descriptionsLower: new Array<string>(count),
    priceCents: new Int32Array(count),
    priceModels: new Array<PriceModel>(count),
    compareAtCents: new Float64Array(count),
    onSale: new Uint8Array(count),
    genres: new Array<string | null>(count),
    genresLower: new Array<string | null>(count),
    musicKeys: new Array<string | null>(count),
    soundTypes: new Array<string[]>(count),
    tags: new Array<string[]>(count),
    bpm: new Float64Array(count),
    rating: new Float64Array(count),
    createdUs: new Float64Array(count),
    updatedUs: new Float64Array(count),
    nameRank: new Int32Array(count),
    texts: new Array<IndexedText>(count),
  }
  rows.forEach((row, i) => {
    index.ids[i] = row.id
    index.categoryIds[i] = row.category_id
    index.namesLower[i] = row.name.toLowerCase()
    index.descriptionsLower[i] = row.description.toLowerCase()
    index.priceCents[i] = row.price_cents
    index.priceModels[i] = row.price_model
    index.compareAtCents[i] = numberOr(row.compare_at, -1)
    index.onSale[i] = row.on_sale ? 1 : 0
    index.genres[i] = row.genre
    index.genresLower[i] = row.genre?.toLowerCase() ?? null
    index.musicKeys[i] = row.music_key
    index.soundTypes[i] = row.sound_types
    index.tags[i] = row.tags
    index.bpm[i] = numberOr(row.bpm, Number.NaN)
    index.rating[i] = numberOr(row.rating, Number.NaN)
    index.createdUs[i] = Number(row.created_us)
    index.updatedUs[i] = Number(row.updated_us)
    index.nameRank[i] = Number(row.name_rank)
    index.texts![i] = { id: row.id, name: row.name, description: row.description, genre: row.genre ?? '', tags: row.tags.join(' ') }
  })
  return index
}

export async function loadIndexCategories(db: Database): Promise<IndexCategories> {
  const [current, former] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: categorySlugRedirects.categoryId, slug: categorySlugRedirects.slug }).from(categorySlugRedirects),
  ])
  const idsBySlug = new Map<string, Set<string>>()
  for (const { id, slug } of [...current, ...former]) {
    const ids = idsBySlug.get(slug) ?? new Set<string>()
    ids.add(id)
    idsBySlug.set(slug, ids)
  }
  return { idsBySlug }
}

/** The order of tag names, from the database (tags tie on their count by name, in its collation). */
export async function loadTagRanks(db: Database): Promise<TagRanks> {
  const rows = await rowsOf<{ tag: string; rank: number | string }>(
    db,
    sql`select tag, dense_rank() over (order by tag) as rank from (select distinct unnest(${products.tags}) as tag from ${products} where ${products.isActive}) as active_tags`,
  )
  return new Map(rows.map((row) => [row.tag, Number(row.rank)]))
}
