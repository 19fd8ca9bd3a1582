/**
 * What a producer reads about a product, labelled in plain words, defined once for the product
 * page's Specifications and anything else that lists a product's facts (the server's page head
 * may use the same rows): format, tempo, key, genre, contents, file size, download limit, price,
 * category, status and dates.
 *
 * Metadata is an open bag: the store, the owner's console and imports keep their own flags in it
 * (isNew, reviewCount, product_type, purchase_limit, images, audioPreview, ...). A key reaches a
 * shopper only when it is on the whitelist below, with a label a person wrote, so a new internal
 * key never shows up as "Some flag: true". A producer fact the store should show (a format, a
 * sample rate, the number of loops) is added here once and then shows for every product that has it.
 */
import type { Product } from './contract/catalog.ts'
import { SOUND_TYPES } from './contract/catalog-filters.ts'
import { formatDate } from './dates.ts'
import { formatPrice } from './money.ts'
import { musicKeyById } from './music-keys.ts'
import { fileSizeMb } from './product-view.ts'

export interface ProductSpec {
  /** Stable id of the fact ("bpm", "key", "contents"), for tests and structured data. */
  id: string
  label: string
  value: string
}

type SpecSource = Pick<
  Product,
  'priceCents' | 'isActive' | 'fileSize' | 'downloadLimit' | 'createdAt' | 'updatedAt' | 'metadata' | 'bpm' | 'musicKey' | 'genre' | 'types'
>

/**
 * Reads metadata by any of a fact's keys, compared without case, "_", "-" or spaces
 * (`sample_rate`, `sampleRate` and `Sample Rate` are one key); the first key present wins.
 */
function metadataReader(metadata: Product['metadata']): (keys: string[]) => unknown {
  const byKey = new Map(Object.entries(metadata).map(([key, value]) => [key.toLowerCase().replace(/[\s_-]+/g, ''), value]))
  return (keys) => keys.map((key) => byKey.get(key)).find((value) => value !== undefined)
}

/** Producer facts metadata may hold beyond the product's own columns: label and how its value reads. */
const METADATA_FACTS: ReadonlyArray<{ id: string; label: string; keys: string[]; value: (raw: unknown) => string | null }> = [
  { id: 'format', label: 'Format', keys: ['format', 'fileformat', 'audioformat'], value: (raw) => plainText(raw) },
  {
    id: 'sampleRate',
    label: 'Sample rate',
    keys: ['samplerate'],
    // 44100 and 44.1 both mean 44.1 kHz.
    value: (raw) => (typeof raw === 'number' && raw > 0 ? `${raw >= 1000 ? raw / 1000 : raw} kHz` : plainText(raw)),
  },
  { id: 'bitDepth', label: 'Bit depth', keys: ['bitdepth'], value: (raw) => (typeof raw === 'number' && raw > 0 ? `${raw}-bit` : plainText(raw)) },
  { id: 'worksWith', label: 'Works with', keys: ['compatibility', 'workswith', 'daws'], value: (raw) => plainText(raw) },
  { id: 'requirements', label: 'Requirements', keys: ['requirements', 'systemrequirements'], value: (raw) => plainText(raw) },
]

/** Counts of what the download holds, as metadata may give them ("loops": 6), with their words. */
const CONTENT_COUNTS: ReadonlyArray<{ keys: string[]; one: string; many: string }> = [
  { keys: ['loops', 'loopcount'], one: 'loop', many: 'loops' },
  { keys: ['oneshots', 'oneshotcount'], one: 'one-shot', many: 'one-shots' },
  { keys: ['midifiles', 'midi', 'midicount'], one: 'MIDI file', many: 'MIDI files' },
  { keys: ['presets', 'presetcount'], one: 'preset', many: 'presets' },
  { keys: ['patches'], one: 'patch', many: 'patches' },
  { keys: ['samples', 'samplecount'], one: 'sample', many: 'samples' },
  { keys: ['impulseresponses'], one: 'impulse response', many: 'impulse responses' },
]

/** Text, or a list of texts, as a shopper reads it; null for anything else (objects, flags, empty). */
function plainText(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  if (typeof raw === 'string') return raw.trim() || null
  if (Array.isArray(raw)) {
    const items = raw.filter((item): item is string | number => (typeof item === 'string' && item.trim() !== '') || typeof item === 'number')
    return items.length > 0 ? items.map((item) => String(item).trim()).join(', ') : null
  }
  return null
}

/** "130" or "97.5": a tempo to a tenth, without a trailing ".0". */
function formatBpm(bpm: number): string {
  return String(Math.round(bpm * 10) / 10)
}

/**
 * The key's one name, the same the audition, the key filter and its chips show ("D minor"):
 * a mode is filed under the key it mixes with, so "D phrygian" as written reads "D minor".
 */
export function productKeyName(product: Pick<Product, 'musicKey'>): string | null {
  return product.musicKey ? (musicKeyById(product.musicKey)?.name ?? null) : null
}

/** "6 loops · 12 one-shots" from counts in metadata, else the product's sound types ("Loops, MIDI"). */
export function productContents(product: Pick<Product, 'metadata' | 'types'>): string | null {
  const read = metadataReader(product.metadata)
  const counts = CONTENT_COUNTS.flatMap(({ keys, one, many }) => {
    const raw = read(keys)
    const count = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw
    return typeof count === 'number' && Number.isInteger(count) && count > 0 ? [`${count} ${count === 1 ? one : many}`] : []
  })
  if (counts.length > 0) return counts.join(' · ')
  const labels = SOUND_TYPES.filter((type) => product.types.includes(type.id)).map((type) => type.label)
  return labels.length > 0 ? labels.join(', ') : null
}

function metadataFacts(metadata: Product['metadata']): ProductSpec[] {
  const read = metadataReader(metadata)
  return METADATA_FACTS.flatMap(({ id, label, keys, value }) => {
    const raw = read(keys)
    const text = raw === undefined ? null : value(raw)
    return text ? [{ id, label, value: text }] : []
  })
}

/**
 * The Specifications rows, producer facts first: what the sound is (format, BPM, key, genre,
 * contents and the whitelisted metadata facts), then what the purchase is (file size, download
 * limit, price, category, status, dates). A fact the product does not have is left out.
 * `categoryName` is the category as the screen names it ("Uncategorized" when it has none).
 */
export function productSpecs(product: SpecSource, categoryName: string): ProductSpec[] {
  const key = productKeyName(product)
  const contents = productContents(product)
  const facts = metadataFacts(product.metadata)
  return [
    ...facts.filter((fact) => fact.id === 'format'),
    ...(product.bpm !== null ? [{ id: 'bpm', label: 'BPM', value: formatBpm(product.bpm) }] : []),
    ...(key ? [{ id: 'key', label: 'Key', value: key }] : []),
    ...(product.genre ? [{ id: 'genre', label: 'Genre', value: product.genre }] : []),
    ...(contents ? [{ id: 'contents', label: 'Contents', value: contents }] : []),
    ...facts.filter((fact) => fact.id !== 'format'),
    { id: 'fileSize', label: 'File size', value: `${fileSizeMb(product.fileSize)} MB` },
    { id: 'downloadLimit', label: 'Download limit', value: `${product.downloadLimit} ${product.downloadLimit === 1 ? 'download' : 'downloads'}` },
    { id: 'price', label: 'Price', value: formatPrice(product.priceCents) },
    { id: 'category', label: 'Category', value: categoryName },
    { id: 'status', label: 'Status', value: product.isActive ? 'Available' : 'Unavailable' },
    { id: 'created', label: 'Created', value: formatDate(product.createdAt) },
    { id: 'updated', label: 'Updated', value: formatDate(product.updatedAt) },
  ]
}
