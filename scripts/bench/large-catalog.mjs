// A large generated catalog for benchmarks: N products (default 10,000) written straight into a
// store database that already has the store's migrations, with the filter columns (bpm, music_key,
// genre, tags, sound_types, on_sale, rating) filled as the store derives them, so lists use their
// indexes at once. Deterministic: the same seed and count write the same rows (ids included), and
// running it twice adds nothing the second time. Its SQL runs through a pg-like `query`: a
// node-postgres client, or PGlite on the store's embedded data directory (openStorePglite).
// Usage: node scripts/bench/large-catalog.mjs --database-url postgres://postgres@127.0.0.1:5432/<db> [--products 10000] [--seed als-large-catalog]
//        node scripts/bench/large-catalog.mjs --pglite-dir <DATA_DIR>/db [--products 10000]   (the store stopped)
import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'

/**
 * DISCOVERY_VERSION of src/server/catalog/discovery-columns.ts, read from its source (plain node
 * cannot import TypeScript): rows written with an older version are derived again at start-up.
 */
function discoveryVersion() {
  try {
    const source = readFileSync(fileURLToPath(new URL('../../src/server/catalog/discovery-columns.ts', import.meta.url)), 'utf8')
    const match = /export const DISCOVERY_VERSION = (\d+)/.exec(source)
    if (match) return Number(match[1])
  } catch {}
  return 1
}
export const DISCOVERY_VERSION = discoveryVersion()

/**
 * The PGlite extensions src/server/db/client.ts loads (`@electric-sql/pglite/contrib/<name>`), read
 * from its source: a database it made must be opened with them (the search indexes use pg_trgm).
 */
function storeExtensionNames() {
  const source = readFileSync(fileURLToPath(new URL('../../src/server/db/client.ts', import.meta.url)), 'utf8')
  return [...new Set([...source.matchAll(/@electric-sql\/pglite\/contrib\/([a-z0-9_]+)/g)].map((match) => match[1]))]
}

/**
 * The store's embedded database (DATA_DIR/db) opened as the store opens it; its `query(sql, params)`
 * answers { rows, rowCount } as node-postgres does. Only while no store runs on that directory.
 */
export async function openStorePglite(dir) {
  const { PGlite } = await import('@electric-sql/pglite')
  const extensions = {}
  for (const name of storeExtensionNames()) extensions[name] = (await import(`@electric-sql/pglite/contrib/${name}`))[name]
  const db = await PGlite.create(dir, { extensions })
  return { query: (sql, params) => db.query(sql, params), end: () => db.close() }
}

/** Mulberry32 seeded by a text, as src/demo-catalog/prng.ts (plain node cannot import it): values in [0, 1). */
export function createRandom(seedText) {
  let state = 0x811c9dc5
  for (let i = 0; i < seedText.length; i++) state = Math.imul(state ^ seedText.charCodeAt(i), 0x01000193)
  state >>>= 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export const pick = (random, list) => list[Math.floor(random() * list.length)]
const intBetween = (random, min, max) => min + Math.floor(random() * (max - min + 1))
function sample(random, list, count) {
  const pool = [...list]
  const chosen = []
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
  return chosen
}

/** Genres with the tempo range producers make them at, and the tags that go with them. */
export const GENRES = [
  { name: 'Techno', bpm: [125, 140], tags: ['techno', 'warehouse', 'peak time', 'acid', 'industrial', 'rumble'] },
  { name: 'Hard Techno', bpm: [140, 155], tags: ['techno', 'hard', 'industrial', 'distorted', 'rave'] },
  { name: 'House', bpm: [120, 128], tags: ['house', 'piano', 'disco', 'groovy', 'chords'] },
  { name: 'Deep House', bpm: [118, 124], tags: ['deep house', 'chords', 'warm', 'late night', 'rhodes'] },
  { name: 'Tech House', bpm: [124, 128], tags: ['tech house', 'groovy', 'rolling', 'percussion', 'bass'] },
  { name: 'Afro House', bpm: [118, 124], tags: ['afro', 'percussion', 'tribal', 'shakers', 'marimba'] },
  { name: 'Melodic Techno', bpm: [120, 126], tags: ['melodic', 'arps', 'emotional', 'pads', 'techno'] },
  { name: 'Trance', bpm: [132, 140], tags: ['trance', 'supersaw', 'uplifting', 'arps', 'euphoric'] },
  { name: 'UK Garage', bpm: [130, 136], tags: ['uk garage', '2-step', 'organ', 'swing', 'vocal chops'] },
  { name: 'Drum & Bass', bpm: [170, 176], tags: ['drum and bass', 'breaks', 'reese', 'liquid', 'neuro'] },
  { name: 'Jungle', bpm: [160, 175], tags: ['jungle', 'amen', 'breaks', 'ragga', 'sub bass'] },
  { name: 'Dubstep', bpm: [138, 142], tags: ['dubstep', 'wobble', 'halftime', 'growl', 'sub bass'] },
  { name: 'Trap', bpm: [130, 160], tags: ['trap', '808', 'hi-hats', 'dark', 'bells'] },
  { name: 'Drill', bpm: [138, 145], tags: ['drill', '808 slides', 'sliding bass', 'dark', 'hi-hats'] },
  { name: 'Lo-fi Hip Hop', bpm: [70, 92], tags: ['lo-fi', 'hip hop', 'chill', 'vinyl', 'dusty'] },
  { name: 'Boom Bap', bpm: [85, 98], tags: ['boom bap', 'hip hop', 'breaks', 'soul', 'dusty'] },
  { name: 'Neo Soul', bpm: [70, 95], tags: ['neo soul', 'rhodes', 'jazzy', 'guitar', 'warm'] },
  { name: 'R&B', bpm: [60, 100], tags: ['r&b', 'smooth', 'vocals', 'keys', 'late night'] },
  { name: 'Pop', bpm: [95, 125], tags: ['pop', 'vocals', 'bright', 'plucks', 'radio'] },
  { name: 'Disco', bpm: [110, 125], tags: ['disco', 'strings', 'funky', 'guitar', 'bass'] },
  { name: 'Reggaeton', bpm: [88, 100], tags: ['reggaeton', 'dembow', 'latin', 'percussion', 'vocals'] },
  { name: 'Afrobeats', bpm: [95, 115], tags: ['afrobeats', 'percussion', 'log drum', 'guitar', 'bright'] },
  { name: 'Synthwave', bpm: [80, 118], tags: ['synthwave', 'retro', '80s', 'arps', 'analog'] },
  { name: 'Ambient', bpm: [60, 90], tags: ['ambient', 'textures', 'drones', 'pads', 'field recordings'] },
  { name: 'Cinematic', bpm: [60, 120], tags: ['cinematic', 'strings', 'risers', 'impacts', 'epic'] },
  { name: 'Downtempo', bpm: [80, 110], tags: ['downtempo', 'chill', 'organic', 'textures', 'guitar'] },
]

/** The tag vocabulary (about 140, lower-case): the genres' own tags and these. */
const MORE_TAGS = [
  'drums',
  'kicks',
  'snares',
  'claps',
  'hats',
  'toms',
  'fills',
  'bass',
  'synth',
  'leads',
  'keys',
  'piano',
  'organ',
  'flute',
  'sax',
  'choir',
  'vocal',
  'fx',
  'sweeps',
  'glitch',
  'stabs',
  'one-shots',
  'construction kit',
  'stems',
  'tape',
  'saturated',
  'punchy',
  'gritty',
  'lush',
  'airy',
  'moody',
  'hypnotic',
  'driving',
  'minimal',
  'modular',
  'granular',
  'foley',
  'vintage',
  'festival',
  'club',
  'dj tools',
  'serum',
  'sfz',
  'reverb',
  'delay',
  'mixing',
  'melodies',
  'progressions',
  'grooves',
  'sound design',
]
export const TAGS = [...new Set([...GENRES.flatMap((genre) => genre.tags), ...MORE_TAGS])]

/** The 24 key ids as the store names them (src/shared/music-keys.ts): minor keys, then major. */
const MINOR_TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B']
const MAJOR_TONICS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B']
export const KEY_IDS = [...MINOR_TONICS.map((tonic) => `${tonic}m`), ...MAJOR_TONICS]
/** The other spelling of a black-key tonic, as some producers write it ("Dbm" for C#m, "Gb" for F#). */
const ENHARMONIC = { 'C#': 'Db', Db: 'C#', Eb: 'D#', 'F#': 'Gb', 'G#': 'Ab', Ab: 'G#', Bb: 'A#' }

/** A way a producer writes the key `id` in a pack's metadata; parseMusicKey reads each back as `id`. */
function writtenKey(random, id) {
  const minor = id.endsWith('m')
  let tonic = minor ? id.slice(0, -1) : id
  if (ENHARMONIC[tonic] && random() < 0.2) tonic = ENHARMONIC[tonic]
  const roll = random()
  if (minor) {
    if (roll < 0.45) return `${tonic} minor`
    if (roll < 0.8) return `${tonic}m`
    if (roll < 0.88) return `${tonic}min`
    return `${tonic} ${pick(random, ['phrygian', 'dorian', 'aeolian'])}`
  }
  if (roll < 0.6) return `${tonic} major`
  if (roll < 0.85) return tonic
  if (roll < 0.93) return `${tonic} maj`
  return `${tonic} ${pick(random, ['mixolydian', 'lydian'])}`
}

/** Store categories (the demo's slugs) with their share of the catalog and the sound types their products hold. */
const CATEGORIES = [
  {
    slug: 'sample-packs',
    name: 'Sample Packs',
    share: 0.5,
    types: [['loops'], ['loops', 'one-shots'], ['one-shots'], ['loops', 'one-shots', 'midi']],
    description: 'Royalty-free loops and construction kits, labelled by tempo and key, ready to drop into any DAW.',
  },
  {
    slug: 'midi-packs',
    name: 'MIDI Packs',
    share: 0.2,
    types: [['midi'], ['midi', 'loops']],
    description: 'Chord progressions, bass lines, melodies and drum grooves as MIDI you can play on any sound.',
  },
  {
    slug: 'instruments',
    name: 'Instruments',
    share: 0.12,
    types: [['instruments'], ['instruments', 'presets'], ['presets']],
    description: 'Multisampled instruments with SFZ mappings for keys, basses, pads, plucks and bells.',
  },
  {
    slug: 'processors',
    name: 'Processors',
    share: 0.1,
    types: [['presets'], ['presets', 'tools'], ['tools']],
    description: 'Impulse responses and preset banks that shape your mix: reverbs, echoes, cabinets and dynamics.',
  },
  {
    slug: 'tools',
    name: 'Tools',
    share: 0.08,
    types: [['tools'], ['tools', 'midi']],
    description: 'Reference charts, test signals and MIDI theory libraries that speed up everyday production.',
  },
]

const ADJECTIVES = [
  'Dark',
  'Deep',
  'Dusty',
  'Golden',
  'Midnight',
  'Neon',
  'Velvet',
  'Analog',
  'Liquid',
  'Hazy',
  'Raw',
  'Warm',
  'Frozen',
  'Cosmic',
  'Urban',
  'Late Night',
  'Sunset',
  'Electric',
  'Hollow',
  'Crystal',
  'Rusty',
  'Silk',
  'Heavy',
  'Lost',
  'Tropical',
  'Broken',
  'Solar',
  'Lunar',
  'Smoky',
  'Vintage',
]
const NOUNS = [
  'Warehouse',
  'Keys',
  'Drums',
  'Grooves',
  'Tapes',
  'Dreams',
  'Streets',
  'Machines',
  'Horizons',
  'Rituals',
  'Signals',
  'Echoes',
  'Textures',
  'Sessions',
  'Rooms',
  'Circuits',
  'Waves',
  'Lights',
  'Vaults',
  'Tides',
  'Motions',
  'Colours',
  'Chords',
  'Basslines',
  'Voices',
]
const SUFFIXES = ['Vol. #', 'Vol. #', 'Vol. #', 'Sessions', 'Essentials', 'Construction Kit', 'Toolkit', 'Collection', 'Loops', 'Expansion']
const TYPE_WORDS = { loops: 'loops', 'one-shots': 'one-shots', midi: 'MIDI files', presets: 'presets', instruments: 'multisampled instruments', tools: 'tools' }
const USES = [
  'late-night sessions and club edits',
  'beat tapes and sample flips',
  'film cues and trailers',
  'DJ tools and live sets',
  'quick sketches and full productions',
  'streams, vlogs and podcasts',
]

/** Writes "A minor" for "Am" and "Eb major" for "Eb", as descriptions do. */
const keyName = (id) => (id.endsWith('m') ? `${id.slice(0, -1)} minor` : `${id} major`)

/** Picks the category by share. */
function pickCategory(random) {
  let roll = random()
  for (const category of CATEGORIES) {
    roll -= category.share
    if (roll < 0) return category
  }
  return CATEGORIES[0]
}

/** A v4-shaped uuid from the generator, so a rerun writes the same ids. */
function uuidOf(random) {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
  hex[12] = '4'
  hex[16] = '89ab'[Math.floor(random() * 4)]
  const text = hex.join('')
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`
}

const DAY_MS = 86_400_000

/** Product `index` of the catalog of `seed`, with its rows' columns. */
export function generateProduct(random, index, now) {
  const category = pickCategory(random)
  const genre = pick(random, GENRES)
  const types = pick(random, category.types)
  // About 15 % are drums or tools without a key.
  const drums = category.slug === 'sample-packs' && random() < 0.24
  // Minor keys are the more common in packs: seven in ten.
  const keyId =
    drums || (category.slug !== 'sample-packs' && random() < 0.07)
      ? null
      : random() < 0.7
        ? pick(random, KEY_IDS.slice(0, 12))
        : pick(random, KEY_IDS.slice(12))
  const bpm = intBetween(random, genre.bpm[0], genre.bpm[1])
  const tags = [
    ...new Set([...(drums ? ['drums'] : []), ...sample(random, genre.tags, intBetween(random, 1, 2)), ...sample(random, MORE_TAGS, intBetween(random, 1, 3))]),
  ].slice(0, 5)
  while (tags.length < 3) {
    const tag = pick(random, TAGS)
    if (!tags.includes(tag)) tags.push(tag)
  }
  const suffix = pick(random, SUFFIXES).replace('#', String(intBetween(random, 1, 60)))
  const noun = drums ? pick(random, ['Drums', 'Grooves', 'Breaks', 'Percussion']) : pick(random, NOUNS)
  const name = `${pick(random, ADJECTIVES)} ${noun} ${random() < 0.7 ? `${genre.name} ` : ''}${suffix}`
  const count = intBetween(random, 8, 240)
  const typeWords = types.map((type) => TYPE_WORDS[type]).join(' and ')
  const description = [
    `${drums ? 'Drum-only' : /^[aeiou]/i.test(genre.name) ? 'An' : 'A'} ${genre.name.toLowerCase()} ${category.name.toLowerCase().replace(/s$/, '')} at ${bpm} BPM${keyId ? ` in ${keyName(keyId)}` : ''}: ${tags.slice(0, 3).join(', ')}.`,
    `${count} ${typeWords}, ${pick(random, ['24-bit WAV', '16-bit/44.1 kHz WAV', 'labelled by tempo and key', 'royalty-free'])}.`,
    ...(random() < 0.6 ? [`Made for ${pick(random, USES)}.`] : []),
  ].join(' ')
  const priceCents = intBetween(random, 5, 90) * 100 - 1
  const onSale = random() < 0.18
  const reviewCount = random() < 0.08 ? 0 : Math.floor(random() ** 2 * 500) + 1
  const rating = reviewCount === 0 ? null : Math.round((3 + random() * 2) * 10) / 10
  const createdAt = new Date(now - Math.floor(random() * 3 * 365 * DAY_MS))
  const metadata = {
    bpm,
    ...(keyId ? { key: writtenKey(random, keyId) } : {}),
    genre: genre.name,
    tags,
    types,
    ...(rating === null ? {} : { rating }),
    reviewCount,
    ...(onSale ? { originalPrice: priceCents + intBetween(random, 5, 30) * 100, isOnSale: true } : {}),
    ...(now - createdAt.getTime() < 30 * DAY_MS ? { isNew: true } : {}),
    ...(random() < 0.03 ? { featured: true } : {}),
    product_type: 'digital_download',
    ...(random() < 0.5 ? { purchase_limit: '1' } : {}),
  }
  const megabytes = category.slug === 'midi-packs' || category.slug === 'tools' ? 0.02 + random() * 3 : 20 + random() * 1500
  return {
    id: uuidOf(random),
    name,
    description,
    priceCents,
    categorySlug: category.slug,
    isActive: random() >= 0.04,
    fileSize: Math.round(megabytes * 1048576),
    downloadLimit: 3,
    metadata,
    rating,
    createdAt,
    // The columns the store derives from metadata (discoveryColumnsOf), filled here so no backfill runs.
    bpm,
    musicKey: keyId,
    genre: genre.name,
    tags,
    soundTypes: types,
    onSale,
    index,
  }
}

/** The demo categories, created when missing; answers their ids by slug. */
async function ensureCategories(client) {
  const values = CATEGORIES.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`).join(', ')
  await client.query(
    `insert into categories (name, slug, description, position) values ${values} on conflict (slug) do nothing`,
    CATEGORIES.flatMap((category, i) => [category.name, category.slug, category.description, i]),
  )
  const { rows } = await client.query('select id, slug from categories where slug = any($1)', [CATEGORIES.map((category) => category.slug)])
  return new Map(rows.map((row) => [row.slug, row.id]))
}

const COLUMNS = [
  'id',
  'name',
  'description',
  'price_cents',
  'category_id',
  'is_active',
  'file_size',
  'download_limit',
  'metadata',
  'rating',
  'created_at',
  'updated_at',
  'bpm',
  'music_key',
  'genre',
  'tags',
  'sound_types',
  'on_sale',
  'discovery_version',
]

/**
 * Inserts `products` generated products (batches of `batchSize` rows, one INSERT each) and the demo
 * categories they belong to, then VACUUM ANALYZEs the tables, as autovacuum soon would after a bulk
 * load: the planner knows the new rows, and index-only scans need not visit the heap.
 * Answers how many rows were inserted (0 when this seed and count were written before).
 */
export async function generateLargeCatalog(client, { products = 10_000, seed = 'als-large-catalog', batchSize = 1000, now = Date.UTC(2025, 0, 1) } = {}) {
  const random = createRandom(seed)
  const categoryIds = await ensureCategories(client)
  let inserted = 0
  for (let start = 0; start < products; start += batchSize) {
    const batch = []
    for (let index = start; index < Math.min(products, start + batchSize); index++) batch.push(generateProduct(random, index, now))
    const params = []
    const rows = batch.map((product) => {
      const values = [
        product.id,
        product.name,
        product.description,
        product.priceCents,
        categoryIds.get(product.categorySlug),
        product.isActive,
        product.fileSize,
        product.downloadLimit,
        JSON.stringify(product.metadata),
        product.rating,
        product.createdAt,
        product.createdAt,
        product.bpm,
        product.musicKey,
        product.genre,
        product.tags,
        product.soundTypes,
        product.onSale,
        DISCOVERY_VERSION,
      ]
      params.push(...values)
      return `(${values.map((_, i) => `$${params.length - values.length + i + 1}`).join(', ')})`
    })
    const result = await client.query(`insert into products (${COLUMNS.join(', ')}) values ${rows.join(', ')} on conflict (id) do nothing`, params)
    inserted += result.rowCount ?? 0
  }
  await client.query('vacuum analyze categories')
  await client.query('vacuum analyze products')
  return inserted
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'pglite-dir': { type: 'string' },
      products: { type: 'string', default: '10000' },
      seed: { type: 'string', default: 'als-large-catalog' },
    },
  })
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL
  if (!databaseUrl && !values['pglite-dir'])
    throw new Error('--database-url (or DATABASE_URL) or --pglite-dir is required: a store database the store has migrated')
  let client
  if (databaseUrl) {
    client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
  } else client = await openStorePglite(values['pglite-dir'])
  try {
    const started = performance.now()
    const inserted = await generateLargeCatalog(client, { products: Number(values.products), seed: values.seed })
    console.log(
      `${inserted} products inserted (of ${values.products}; discovery_version ${DISCOVERY_VERSION}) in ${Math.round(performance.now() - started)} ms`,
    )
  } finally {
    await client.end()
  }
}
