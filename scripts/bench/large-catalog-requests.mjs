// The requests of the large-catalog case (large-catalog-case.mjs): three kinds of product list a
// shopper asks for, each as 5,000 distinct addresses, seeded so every run asks the same ones.
// (a) a filtered, faceted listing, (b) a search with a typo, (c) the unfiltered list with facets.
// Uncached without a server switch: each kind cycles through its addresses, so an address comes
// back only after 4,999 others have pushed it out of the store's 1,000-entry catalog cache.
import { GENRES, KEY_IDS, TAGS, createRandom, pick } from './large-catalog.mjs'

/** Distinct addresses per kind of request: several times the catalog cache's 1,000 entries. */
const DISTINCT_ADDRESSES = 5000
const SOUND_TYPES = ['loops', 'one-shots', 'midi', 'presets', 'instruments', 'tools']
const SORTS = ['createdAt', 'price', 'rating', 'name', 'bpm']

/** `count` distinct addresses made by `make`. */
function distinct(count, make) {
  // Seeded, so the addresses are the same every run.
  const random = createRandom(`addresses-${count}`)
  const addresses = new Set()
  while (addresses.size < count) addresses.add(make(random))
  return [...addresses]
}

/** (a) What a shopper narrows to: one or two genres and a BPM range about their tempo, sometimes a key or a sound type. */
function filteredAddress(random) {
  const genre = pick(random, GENRES)
  const params = new URLSearchParams({ genre: genre.name })
  if (random() < 0.15) params.append('genre', pick(random, GENRES).name)
  const low = genre.bpm[0] - 5 + Math.floor(random() * (genre.bpm[1] - genre.bpm[0] + 6))
  params.set('bpmMin', String(low))
  params.set('bpmMax', String(low + pick(random, [5, 10, 15, 20])))
  if (random() < 0.3) params.set('key', pick(random, KEY_IDS))
  if (random() < 0.3) params.set('type', pick(random, SOUND_TYPES))
  params.set('facets', '1')
  params.set('limit', '24')
  return `/api/products?${params}`
}

/** One typo in `word`: two letters swapped, one dropped, one doubled, or one replaced. */
function typo(random, word) {
  const at = 1 + Math.floor(random() * (word.length - 2))
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at)
    default:
      return word.slice(0, at) + pick(random, [...'aeiourstnl']) + word.slice(at + 1)
  }
}

const SEARCH_WORDS = [
  ...new Set([...GENRES.map((genre) => genre.name), ...TAGS].flatMap((text) => text.toLowerCase().split(/[^a-z0-9&-]+/)).filter((word) => word.length >= 5)),
]

/** (b) A search as typed in a hurry: one word with a typo, sometimes after a correct one. */
function searchAddress(random) {
  const misspelt = typo(random, pick(random, SEARCH_WORDS))
  const q = random() < 0.3 ? `${pick(random, SEARCH_WORDS)} ${misspelt}` : misspelt
  return `/api/products?${new URLSearchParams({ q, facets: '1', limit: '24' })}`
}

/** (c) The whole catalog with the filter panel: each sort order, its first pages (any offset from 0 to 499). */
function unfilteredAddresses() {
  const addresses = []
  for (let offset = 0; offset < DISTINCT_ADDRESSES / (SORTS.length * 2); offset++) {
    for (const sortBy of SORTS)
      for (const sortOrder of ['asc', 'desc']) addresses.push(`/api/products?facets=1&limit=24&sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${offset}`)
  }
  return addresses
}

/** The three kinds of request: name and the addresses one cycles through. */
export function largeCatalogRequests() {
  return [
    { name: 'filtered + facets', addresses: distinct(DISTINCT_ADDRESSES, filteredAddress) },
    { name: 'search with a typo + facets', addresses: distinct(DISTINCT_ADDRESSES, searchAddress) },
    { name: 'unfiltered + facets', addresses: unfilteredAddresses() },
  ]
}
