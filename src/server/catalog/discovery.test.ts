/**
 * Discovery on the demo catalog: every filter of GET /api/products against a brute-force filter
 * of all active products, facet counts against brute-force counts, the bad values and "more like
 * this". Text search and the search box's suggestions: src/server/search/search.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { ProductList, ProductListItem } from '../../shared/contract/catalog.ts'
import type { CatalogFacets } from '../../shared/contract/catalog-filters.ts'
import { compatibleKeys, musicKeyById, parseMusicKey } from '../../shared/music-keys.ts'
import { products } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { backfillDiscoveryColumns } from './discovery-columns.ts'

let t: TestApp
let all: ProductListItem[]

beforeAll(async () => {
  t = await createTestApp()
  all = (await list('/api/products?limit=100')).data
})
afterAll(async () => t?.close())

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() as T }
}

async function list(url: string): Promise<ProductList> {
  const { status, body } = await get<ProductList>(url)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort()
const byName = (name: string) => all.find((product) => product.name === name)!

interface Filters {
  bpm?: [number, number]
  keys?: string[]
  genres?: string[]
  types?: string[]
  tags?: string[]
  price?: [number, number]
  onSale?: boolean
}

/** The products these filters keep, decided in JavaScript over every active product. */
function bruteForce(filters: Filters, except?: keyof Filters): ProductListItem[] {
  const on = (name: keyof Filters) => filters[name] !== undefined && name !== except
  return all.filter(
    (product) =>
      (!on('bpm') || (product.bpm !== null && product.bpm >= filters.bpm![0] && product.bpm <= filters.bpm![1])) &&
      (!on('keys') || (product.musicKey !== null && filters.keys!.includes(product.musicKey))) &&
      (!on('genres') || (product.genre !== null && filters.genres!.map((genre) => genre.toLowerCase()).includes(product.genre.toLowerCase()))) &&
      (!on('types') || product.types.some((type) => filters.types!.includes(type))) &&
      (!on('tags') || product.tags.some((tag) => filters.tags!.includes(tag.toLowerCase()))) &&
      (!on('price') || (product.priceCents >= filters.price![0] && product.priceCents <= filters.price![1])) &&
      (!on('onSale') || product.isOnSale),
  )
}

describe('the demo catalog carries the filter columns', () => {
  it('has a BPM, a key id, a genre and types where its metadata says so', () => {
    const techno = byName('Warehouse Techno')
    expect(techno).toMatchObject({ bpm: 130, musicKey: 'Dm', genre: 'Techno', types: ['loops'] })
    expect(byName('Trap Soul Sessions')).toMatchObject({ bpm: 140, musicKey: 'C#m' })
    expect(byName('Chord Atlas MIDI Library').types).toEqual(['tools', 'midi'])
    expect(all.filter((product) => product.bpm !== null).length).toBeGreaterThan(10)
  })
})

describe('GET /api/products filters', () => {
  const cases: Array<[string, Filters]> = [
    ['bpmMin=120&bpmMax=130', { bpm: [120, 130] }],
    ['bpmMin=140', { bpm: [140, 400] }],
    ['bpmMax=90', { bpm: [0, 90] }],
    ['key=Am', { keys: ['Am'] }],
    ['key=A%20minor&key=F%23m', { keys: ['Am', 'F#m'] }],
    ['key=8A', { keys: ['Am'] }],
    ['compatible=A%20minor', { keys: ['Am', 'C', 'Dm', 'Em'] }],
    ['genre=Techno', { genres: ['Techno'] }],
    ['genre=trap&genre=Trap%20Soul', { genres: ['Trap', 'Trap Soul'] }],
    ['type=midi', { types: ['midi'] }],
    ['type=presets&type=instruments', { types: ['presets', 'instruments'] }],
    ['tag=sfz', { tags: ['sfz'] }],
    ['tag=Mixing&tag=trap', { tags: ['mixing', 'trap'] }],
    ['priceMin=2000&priceMax=3000', { price: [2000, 3000] }],
    ['onSale=true', { onSale: true }],
    ['bpmMin=120&bpmMax=130&genre=Techno', { bpm: [120, 130], genres: ['Techno'] }],
    ['type=loops&compatible=Dm&bpmMin=100', { types: ['loops'], keys: ['Dm', 'F', 'Gm', 'Am'], bpm: [100, 400] }],
  ]

  for (const [query, filters] of cases) {
    it(`?${query} keeps exactly the products a brute-force filter keeps`, async () => {
      const expected = bruteForce(filters)
      const body = await list(`/api/products?limit=100&${query}`)
      expect(ids(body.data)).toEqual(ids(expected))
      expect(body.total).toBe(expected.length)
    })
  }

  it('finds something for every case above (no case passes by being empty)', () => {
    for (const [, filters] of cases) expect(bruteForce(filters).length).toBeGreaterThan(0)
  })

  it('narrows a category page too', async () => {
    const body = await list('/api/products?category=midi-packs&bpmMin=100&limit=100')
    expect(ids(body.data)).toEqual(ids(bruteForce({ bpm: [100, 400] }).filter((product) => product.category?.slug === 'midi-packs')))
    expect(body.data.length).toBeGreaterThan(0)
  })

  it('sorts by BPM both ways with the products without one last', async () => {
    const up = (await list('/api/products?limit=100&sortBy=bpm&sortOrder=asc')).data
    const down = (await list('/api/products?limit=100&sortBy=bpm&sortOrder=desc')).data
    const tempos = (items: ProductListItem[]) => items.map((product) => product.bpm).filter((bpm) => bpm !== null)
    expect(tempos(up)).toEqual([...tempos(up)].sort((a, b) => a - b))
    expect(tempos(down)).toEqual([...tempos(down)].sort((a, b) => b - a))
    expect(up.at(-1)!.bpm).toBeNull()
    expect(down.at(-1)!.bpm).toBeNull()
  })
})

describe('facet counts', () => {
  const requests: Array<[string, Filters]> = [
    ['', {}],
    ['genre=Techno', { genres: ['Techno'] }],
    ['tag=sfz', { tags: ['sfz'] }],
    ['bpmMin=100', { bpm: [100, 400] }],
    ['onSale=true', { onSale: true }],
    ['bpmMin=120&bpmMax=130&genre=Techno', { bpm: [120, 130], genres: ['Techno'] }],
    ['type=loops&key=Am&key=Fm&onSale=true', { types: ['loops'], keys: ['Am', 'Fm'], onSale: true }],
    ['tag=mixing&priceMax=3000', { tags: ['mixing'], price: [0, 3000] }],
  ]

  for (const [query, filters] of requests) {
    it(`?${query || '(none)'}: each option counts what choosing it would leave, under every other filter`, async () => {
      const { facets } = await list(`/api/products?facets=1&${query}`)
      expect(facets).toBeDefined()
      const counts = facets as CatalogFacets

      const genres = bruteForce(filters, 'genres')
      const expectedGenres = new Map<string, number>()
      for (const product of all) if (product.genre) expectedGenres.set(product.genre, genres.filter((other) => other.genre === product.genre).length)
      expect(new Map(counts.genre.map((option) => [option.value, option.count]))).toEqual(expectedGenres)

      const keyed = bruteForce(filters, 'keys')
      const expectedKeys = new Map<string, number>()
      for (const product of all) if (product.musicKey) expectedKeys.set(product.musicKey, keyed.filter((other) => other.musicKey === product.musicKey).length)
      expect(new Map(counts.key.map((option) => [option.value, option.count]))).toEqual(expectedKeys)

      const typed = bruteForce(filters, 'types')
      for (const option of counts.type) expect(option.count, option.value).toBe(typed.filter((product) => product.types.includes(option.value)).length)
      expect(counts.type.map((option) => option.value).sort()).toEqual([...new Set(all.flatMap((product) => product.types))].sort())

      const tagged = bruteForce(filters, 'tags')
      for (const option of counts.tag)
        expect(option.count, option.value).toBe(tagged.filter((product) => product.tags.map((tag) => tag.toLowerCase()).includes(option.value)).length)

      const tempos = bruteForce(filters, 'bpm')
        .map((product) => product.bpm)
        .filter((bpm) => bpm !== null)
      expect(counts.bpm).toEqual(tempos.length ? { min: Math.min(...tempos), max: Math.max(...tempos) } : null)
      const prices = bruteForce(filters, 'price').map((product) => product.priceCents)
      expect(counts.price).toEqual(prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null)
      expect(counts.onSale).toBe(bruteForce(filters, 'onSale').filter((product) => product.isOnSale).length)
    })
  }

  it('changes when a filter is set: fewer genres remain possible at 120–130 BPM', async () => {
    const before = (await list('/api/products?facets=1')).facets!
    const after = (await list('/api/products?facets=1&bpmMin=120&bpmMax=130')).facets!
    const count = (facets: CatalogFacets, genre: string) => facets.genre.find((option) => option.value === genre)?.count
    expect(count(before, 'Synthwave')).toBeGreaterThan(0)
    expect(count(after, 'Synthwave')).toBe(0)
    expect(count(after, 'Techno')).toBe(1)
  })

  it('are absent unless asked for', async () => {
    expect((await list('/api/products')).facets).toBeUndefined()
  })
})

describe('bad values are a 400 with the usual error shape', () => {
  // Shown to shoppers as they are: sentences naming the filter as the panel does, never a parameter's name.
  const bad: Array<[string, string]> = [
    ['bpmMin=abc', 'Minimum BPM must be a number'],
    ['bpmMin=140&bpmMax=120', "Minimum BPM can't be above maximum BPM"],
    ['bpmMax=9000', 'Maximum BPM must be from 20 to 400'],
    ['key=H%20minor', 'Unknown key name (write it like "A minor", "C#m" or "8A")'],
    ['compatible=blue', 'Unknown key name (write it like "A minor", "C#m" or "8A")'],
    ['type=vocals', 'Sound type must be one of Loops, One-shots, MIDI, Presets, Instruments, Tools'],
    ['priceMin=-5', 'Minimum price must be a number'],
    ['priceMin=500&priceMax=100', "Minimum price can't be above maximum price"],
    ['onSale=maybe', 'The on-sale filter must be true or false'],
    [`q=${'a'.repeat(201)}`, 'Search terms can be at most 200 characters'],
    [`search=${'a'.repeat(201)}`, 'Search terms can be at most 200 characters'],
  ]
  for (const [query, message] of bad) {
    it(`?${query.slice(0, 40)}`, async () => {
      const { status, body } = await get<{ error: { message: string; status: number; code: string } }>(`/api/products?${query}`)
      expect(status).toBe(400)
      expect(body.error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message })
    })
  }
})

describe('compatible keys, checked by hand', () => {
  const names = (written: string) => compatibleKeys(parseMusicKey(written)!).map((key) => key.name)
  it('A minor mixes with A minor, C major, D minor and E minor', () => expect(names('A minor')).toEqual(['A minor', 'C major', 'D minor', 'E minor']))
  it('C# minor mixes with C# minor, E major, F# minor and G# minor', () => expect(names('C#m')).toEqual(['C# minor', 'E major', 'F# minor', 'G# minor']))
  it('Eb major mixes with Eb major, C minor, Ab major and Bb major', () => expect(names('Eb')).toEqual(['Eb major', 'C minor', 'Ab major', 'Bb major']))
  it('reads modes by their third and Camelot codes', () => {
    expect(parseMusicKey('D phrygian')?.id).toBe('Dm')
    expect(parseMusicKey('A mixolydian')?.id).toBe('A')
    expect(parseMusicKey('B harmonic minor')?.id).toBe('Bm')
    expect(parseMusicKey('8B')?.id).toBe('C')
    expect(parseMusicKey('Dbm')?.id).toBe('C#m')
    expect(musicKeyById('C#m')?.camelot).toBe('12A')
    expect(parseMusicKey('H minor')).toBeNull()
  })
})

describe('more like this', () => {
  it('prefers the same genre, a compatible key and a close tempo, then the category; never the product itself', async () => {
    const trap = byName('Trap Melodies MIDI')
    const { status, body } = await get<{ data: ProductListItem[] }>(`/api/products/${trap.id}/related`)
    expect(status).toBe(200)
    expect(body.data).toHaveLength(3)
    expect(body.data.map((product) => product.id)).not.toContain(trap.id)
    const compatible = compatibleKeys(musicKeyById(trap.musicKey!)!).map((key) => key.id)
    const score = (product: ProductListItem) =>
      (product.genre === trap.genre ? 4 : 0) +
      (product.musicKey && compatible.includes(product.musicKey) ? 2 : 0) +
      (product.bpm !== null && Math.abs(product.bpm - trap.bpm!) <= 8 ? 2 : 0) +
      (product.categoryId === trap.categoryId ? 1 : 0)
    const best = Math.max(...all.filter((product) => product.id !== trap.id).map(score))
    expect(score(body.data[0]!)).toBe(best)
    expect(body.data.map(score)).toEqual([...body.data.map(score)].sort((a, b) => b - a))
    expect(body.data[0]!.genre).toBe('Trap')
  })

  it('is a 404 for an unknown product', async () => {
    const { status } = await get('/api/products/00000000-0000-0000-0000-000000000000/related')
    expect(status).toBe(404)
  })
})

describe('the filter columns follow the metadata', () => {
  it('are derived again at start for rows stored by older rules', async () => {
    const techno = byName('Warehouse Techno')
    await t.database.db.update(products).set({ bpm: null, musicKey: null, genre: null, soundTypes: [], discoveryVersion: 0 }).where(eq(products.id, techno.id))
    expect(await backfillDiscoveryColumns(t.database.db)).toBe(1)
    const [row] = await t.database.db.select().from(products).where(eq(products.id, techno.id))
    expect(row).toMatchObject({ bpm: 130, musicKey: 'Dm', genre: 'Techno', soundTypes: ['loops'], tags: ['techno', 'acid', 'warehouse', 'peak time'] })
  })

  it('search the words of the name, tags and genre (the search columns are computed by the database)', async () => {
    const [row] = await t.database.db
      .select({ text: products.searchText, matches: sql<boolean>`${products.searchVector} @@ to_tsquery('english', 'acid')` })
      .from(products)
      .where(eq(products.name, 'Warehouse Techno'))
    expect(row!.text).toContain('warehouse techno')
    expect(row!.matches).toBe(true)
  })
})
