/**
 * The active catalog as the in-memory index holds it: one entry per active product in parallel
 * arrays (the filter fields, the sort keys, the search text), read in one query. Orders that
 * depend on the database's collation (names, tag names) are read from the database as ranks, so
 * the index sorts exactly as the SQL path does; timestamps keep their microseconds for the same reason.
 */
import { sql } from 'drizzle-orm'
import type { PriceModel } from '../../../shared/contract/selling.ts'
import type { Database } from '../../db/client.ts'
import { categories, categorySlugRedirects, products } from '../../catalog/catalog.schema.ts'
import { rowsOf } from '../../catalog/raw-sql.ts'
import { compareAtSql } from '../sql/sale-prices.ts'

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

/** Distinct values of a field, each with a small integer code: rows hold codes, counts are arrays indexed by code. */
export class Vocabulary {
  readonly values: string[] = []
  private readonly codes = new Map<string, number>()

  codeOf(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.codes.set(value, code)
    }
    return code
  }

  /** The code of a value some row holds, or -1. */
  find(value: string): number {
    return this.codes.get(value) ?? -1
  }
}

/** Several values per row (tags, sound types): row `i`'s codes are codes[offsets[i]] up to codes[offsets[i + 1]]. */
export interface MultiValues {
  vocabulary: Vocabulary
  offsets: Int32Array
  codes: Int32Array
}

/** The active products, entry `i` of every array describing the same product. */
export interface IndexRows {
  count: number
  ids: string[]
  /** Row of each product id. */
  rowOf: Map<string, number>
  /** Each row's place in the order of ids (ties in every list's order go to the lower id). */
  idRank: Int32Array
  /** -1: no category. */
  categoryCodes: Int32Array
  categories: Vocabulary
  /** Lower-case names and descriptions, for the substring search. */
  namesLower: string[]
  descriptionsLower: string[]
  priceCents: Int32Array
  /** 1 for pay what you want: no sale applies to it. */
  payWhatYouWant: Uint8Array
  /** The compare-at price the owner wrote (whole cents), or -1 when none. */
  compareAtCents: Float64Array
  onSale: Uint8Array
  /** Genre as stored (the facet lists it so); -1 when none. The filter compares the lower case of the vocabulary's values. */
  genreCodes: Int32Array
  genres: Vocabulary
  keyCodes: Int32Array
  keys: Vocabulary
  soundTypes: MultiValues
  /** Tag codes follow the database's order of tag names (tags tie on their count by name, in its collation). */
  tags: MultiValues
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

const numberOr = (value: number | string | null, none: number) => (value === null ? none : Number(value))

function multiValues(lists: readonly string[][], vocabulary: Vocabulary): MultiValues {
  const offsets = new Int32Array(lists.length + 1)
  let total = 0
  lists.forEach((list, i) => {
    offsets[i] = total
    total += list.length
  })
  offsets[lists.length] = total
  const codes = new Int32Array(total)
  lists.forEach((list, i) => list.forEach((value, j) => (codes[offsets[i]! + j] = vocabulary.codeOf(value))))
  return { vocabulary, offsets, codes }
}

/** The active products, and the tags in the database's order of their names. */
export async function loadIndexRows(db: Database): Promise<IndexRows> {
  const [rows, tagOrder] = await Promise.all([
    rowsOf<ProductRow>(
      db,
      sql`select ${products.id} as id, ${products.categoryId} as category_id, ${products.name} as name, ${products.description} as description,
      ${products.priceCents} as price_cents, ${products.priceModel} as price_model, ${compareAtSql}::float8 as compare_at,
      ${products.onSale} as on_sale, ${products.genre} as genre, ${products.musicKey} as music_key, ${products.soundTypes} as sound_types,
      ${products.tags} as tags, ${products.bpm}::float8 as bpm, ${products.rating}::float8 as rating,
      (extract(epoch from ${products.createdAt}) * 1000000)::float8 as created_us, (extract(epoch from ${products.updatedAt}) * 1000000)::float8 as updated_us,
      dense_rank() over (order by ${products.name}) as name_rank
    from ${products} where ${products.isActive}`,
    ),
    rowsOf<{ tag: string }>(db, sql`select distinct unnest(${products.tags}) as tag from ${products} where ${products.isActive} order by tag`),
  ])
  const count = rows.length
  const tagVocabulary = new Vocabulary()
  for (const { tag } of tagOrder) tagVocabulary.codeOf(tag)
  const index: IndexRows = {
    count,
    ids: rows.map((row) => row.id),
    rowOf: new Map(rows.map((row, i) => [row.id, i])),
    idRank: new Int32Array(count),
    categoryCodes: new Int32Array(count),
    categories: new Vocabulary(),
    namesLower: rows.map((row) => row.name.toLowerCase()),
    descriptionsLower: rows.map((row) => row.description.toLowerCase()),
    priceCents: Int32Array.from(rows, (row) => row.price_cents),
    payWhatYouWant: Uint8Array.from(rows, (row) => (row.price_model === 'fixed' ? 0 : 1)),
    compareAtCents: Float64Array.from(rows, (row) => numberOr(row.compare_at, -1)),
    onSale: Uint8Array.from(rows, (row) => (row.on_sale ? 1 : 0)),
    genreCodes: new Int32Array(count),
    genres: new Vocabulary(),
    keyCodes: new Int32Array(count),
    keys: new Vocabulary(),
    soundTypes: multiValues(
      rows.map((row) => row.sound_types),
      new Vocabulary(),
    ),
    tags: multiValues(
      rows.map((row) => row.tags),
      tagVocabulary,
    ),
    bpm: Float64Array.from(rows, (row) => numberOr(row.bpm, Number.NaN)),
    rating: Float64Array.from(rows, (row) => numberOr(row.rating, Number.NaN)),
    createdUs: Float64Array.from(rows, (row) => Number(row.created_us)),
    updatedUs: Float64Array.from(rows, (row) => Number(row.updated_us)),
    nameRank: Int32Array.from(rows, (row) => Number(row.name_rank)),
    texts: rows.map((row) => ({ id: row.id, name: row.name, description: row.description, genre: row.genre ?? '', tags: row.tags.join(' ') })),
  }
  rows.forEach((row, i) => {
    index.categoryCodes[i] = row.category_id === null ? -1 : index.categories.codeOf(row.category_id)
    index.genreCodes[i] = row.genre === null ? -1 : index.genres.codeOf(row.genre)
    index.keyCodes[i] = row.music_key === null ? -1 : index.keys.codeOf(row.music_key)
  })
  // uuid order is the order of their lower-case hex text.
  const byId = Array.from({ length: count }, (_, i) => i).sort((a, b) => (index.ids[a]! < index.ids[b]! ? -1 : 1))
  byId.forEach((row, rank) => (index.idRank[row] = rank))
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
