/** The Specifications rows: producer facts in plain words, one key name, and no internal metadata. */
import { describe, expect, it } from 'vitest'
import type { Product } from './contract/catalog.ts'
import { productContents, productKeyName, productSpecs } from './product-specs.ts'

type SpecFields = Parameters<typeof productSpecs>[0]

/** A product's spec fields: a plain pack with no tempo, key or metadata; override per test. */
function makeProduct(overrides: Partial<Product> = {}): SpecFields {
  return {
    priceCents: 2999,
    isActive: true,
    fileSize: 157286400,
    downloadLimit: 3,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    metadata: {},
    bpm: null,
    musicKey: null,
    genre: null,
    types: [],
    ...overrides,
  }
}

/** Warehouse Techno as the demo store files it: metadata as written, columns as derived. */
const warehouseTechno = makeProduct({
  priceCents: 2799,
  fileSize: 15728640,
  downloadLimit: 3,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  metadata: {
    isOnSale: false,
    isNew: false,
    featured: false,
    rating: 4.4,
    reviewCount: 67,
    tags: ['techno', 'acid'],
    product_type: 'digital_download',
    purchase_limit: '1',
    bpm: 130,
    key: 'D phrygian',
    genre: 'Techno',
    types: ['loops'],
    images: ['/media/covers/warehouse-techno-1-640.webp'],
    audioPreview: '/media/previews/warehouse-techno.wav',
    someImportId: 'imp_8812',
  },
  bpm: 130,
  musicKey: 'Dm',
  genre: 'Techno',
  types: ['loops'],
})

const asText = (rows: Array<{ label: string; value: string }>) => rows.map((row) => `${row.label}: ${row.value}`)

describe('productSpecs', () => {
  it('lists the producer facts first, then the purchase facts, in plain words', () => {
    expect(asText(productSpecs(warehouseTechno, 'Sample Packs'))).toEqual([
      'BPM: 130',
      'Key: D minor',
      'Genre: Techno',
      'Contents: Loops',
      'File size: 15.0 MB',
      'Download limit: 3 downloads',
      'Price: $27.99',
      'Category: Sample Packs',
      'Status: Available',
      'Created: March 1, 2025',
      'Updated: March 2, 2025',
    ])
  })

  it('shows no internal metadata key, whatever the product carries', () => {
    const text = asText(productSpecs(warehouseTechno, 'Sample Packs')).join('\n')
    for (const internal of [
      'Is new',
      'Review count',
      'Rating',
      'Product type',
      'Purchase limit',
      'Audio preview',
      'Images',
      'Featured',
      'Import',
      '/media/',
      'phrygian',
    ]) {
      expect(text).not.toContain(internal)
    }
  })

  it('shows whitelisted producer facts from metadata however their keys are written', () => {
    const product = makeProduct({ metadata: { Format: 'WAV (24-bit)', sample_rate: 44100, bitDepth: 24, compatibility: ['Ableton Live', 'FL Studio'] } })
    const rows = productSpecs(product, 'Sample Packs')
    expect(rows[0]).toEqual({ id: 'format', label: 'Format', value: 'WAV (24-bit)' })
    expect(asText(rows)).toEqual(expect.arrayContaining(['Sample rate: 44.1 kHz', 'Bit depth: 24-bit', 'Works with: Ableton Live, FL Studio']))
  })

  it('says Unavailable for an inactive product and leaves out facts it does not have', () => {
    const rows = productSpecs(makeProduct({ isActive: false, downloadLimit: 1 }), 'Uncategorized')
    expect(asText(rows)).toEqual(expect.arrayContaining(['Status: Unavailable', 'Download limit: 1 download', 'Category: Uncategorized']))
    expect(rows.map((row) => row.id)).not.toContain('bpm')
    expect(rows.map((row) => row.id)).not.toContain('key')
    expect(rows.map((row) => row.id)).not.toContain('format')
  })
})

describe('productContents', () => {
  it('counts what the download holds when metadata says so', () => {
    expect(productContents({ metadata: { loops: 6, one_shots: '12', midiFiles: 1 }, types: ['loops'] })).toBe('6 loops · 12 one-shots · 1 MIDI file')
  })

  it('falls back to the sound types the owner ticked, and to nothing', () => {
    expect(productContents({ metadata: { loops: 'many' }, types: ['midi', 'loops'] })).toBe('Loops, MIDI')
    expect(productContents({ metadata: {}, types: [] })).toBeNull()
  })
})

describe('productKeyName', () => {
  it('names the key as the audition and the key filter do', () => {
    expect(productKeyName({ musicKey: 'Dm' })).toBe('D minor')
    expect(productKeyName({ musicKey: 'Eb' })).toBe('Eb major')
    expect(productKeyName({ musicKey: null })).toBeNull()
    expect(productKeyName({ musicKey: 'nonsense' })).toBeNull()
  })
})
