import { readFile, readdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as tonejsMidi from '@tonejs/midi'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_RATING_FLAG } from '../shared/product-rating.ts'
import { IMAGE_WIDTHS } from '../shared/product-view.ts'
import { renderPreview } from './audio-synth.ts'
import { DEMO_PRODUCTS } from './catalog-data.ts'
import { buildDownloadZip } from './download-files.ts'
import { generateDemoAssets } from './generate.ts'
import type { DemoCatalog, DemoProduct } from './generate.ts'

const Midi = tonejsMidi.Midi ?? (tonejsMidi as unknown as { default: typeof tonejsMidi }).default.Midi

interface WavHeader {
  riffSize: number
  channels: number
  sampleRate: number
  bitsPerSample: number
  dataSize: number
}

/** Reads our canonical 44-byte header and checks the parts every reader relies on. */
function readWavHeader(bytes: Uint8Array): WavHeader {
  const wav = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
  expect(wav.toString('ascii', 8, 12)).toBe('WAVE')
  expect(wav.toString('ascii', 12, 16)).toBe('fmt ')
  expect(wav.readUInt16LE(20)).toBe(1)
  expect(wav.toString('ascii', 36, 40)).toBe('data')
  const header = {
    riffSize: wav.readUInt32LE(4),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bitsPerSample: wav.readUInt16LE(34),
    dataSize: wav.readUInt32LE(40),
  }
  expect(header.riffSize).toBe(wav.length - 8)
  expect(header.dataSize).toBe(wav.length - 44)
  expect(wav.readUInt32LE(28)).toBe(header.sampleRate * header.channels * 2)
  return header
}

function samplesOf(bytes: Uint8Array): Int16Array {
  const copy = Uint8Array.prototype.slice.call(bytes, 44)
  return new Int16Array(copy.buffer, 0, copy.byteLength / 2)
}

/** The peak level of each of `buckets` equal slices, to two decimals: a coarse picture of how a sound moves. */
function loudnessContour(samples: Int16Array, buckets: number): number[] {
  const size = Math.ceil(samples.length / buckets)
  return Array.from({ length: buckets }, (_, bucket) => {
    let peak = 0
    for (const sample of samples.subarray(bucket * size, (bucket + 1) * size)) peak = Math.max(peak, Math.abs(sample))
    return Math.round((peak / 32767) * 100) / 100
  })
}

describe('generateDemoAssets', () => {
  let dataDir: string
  let catalog: DemoCatalog
  const bySlug = (slug: string): DemoProduct => {
    const product = catalog.products.find((candidate) => candidate.slug === slug)
    if (!product) throw new Error(`no product ${slug}`)
    return product
  }
  const unzipProduct = async (product: DemoProduct): Promise<Record<string, Uint8Array>> => unzipSync(await readFile(join(dataDir, 'files', product.fileUrl)))

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'als-demo-'))
    catalog = await generateDemoAssets(dataDir)
  }, 120_000)
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('describes five categories and thirty products, exactly one inactive', () => {
    expect(catalog.categories.map((category) => category.slug)).toEqual(['sample-packs', 'midi-packs', 'instruments', 'processors', 'tools'])
    for (const category of catalog.categories) {
      expect(category.description.length).toBeGreaterThan(20)
      expect(catalog.products.filter((product) => product.categorySlug === category.slug)).toHaveLength(6)
    }
    expect(catalog.products).toHaveLength(30)
    expect(catalog.products.filter((product) => !product.isActive)).toHaveLength(1)
    expect(new Set(catalog.products.map((product) => product.slug)).size).toBe(30)
    expect(new Set(catalog.products.map((product) => product.createdDaysAgo)).size).toBe(30)
  })

  it('gives every product the metadata the store reads', () => {
    const { products } = catalog
    for (const { metadata, priceCents, downloadLimit } of products) {
      expect(Number.isInteger(priceCents) && priceCents > 0).toBe(true)
      expect([3, 5]).toContain(downloadLimit)
      expect(typeof metadata.isOnSale).toBe('boolean')
      expect(typeof metadata.isNew).toBe('boolean')
      expect(typeof metadata.featured).toBe('boolean')
      expect(metadata.rating).toBeGreaterThanOrEqual(3.5)
      expect(metadata.rating).toBeLessThanOrEqual(5)
      expect(Math.round((metadata.rating ?? 0) * 10) / 10).toBe(metadata.rating)
      expect(Number.isInteger(metadata.reviewCount)).toBe(true)
      // The figures are invented: marked so the storefront says "Demo rating" and search engines never get them.
      expect(metadata[DEMO_RATING_FLAG]).toBe(true)
      expect(metadata.tags?.length).toBeGreaterThanOrEqual(2)
      expect(metadata.tags?.length).toBeLessThanOrEqual(5)
      if (metadata.isOnSale) {
        expect(Number.isInteger(metadata.originalPrice)).toBe(true)
        expect(metadata.originalPrice).toBeGreaterThan(priceCents)
      } else expect(metadata.originalPrice).toBeUndefined()
      if (metadata.purchase_limit !== undefined) expect(metadata.purchase_limit).toMatch(/^[1-9]\d*$/)
      if (metadata.product_type !== undefined) expect(metadata.product_type).toBe('digital_download')
    }
    expect(products.filter((product) => product.metadata.isOnSale).length).toBeGreaterThanOrEqual(6)
    expect(products.filter((product) => product.metadata.isNew).length).toBeGreaterThanOrEqual(6)
    expect(products.filter((product) => product.metadata.featured).length).toBeGreaterThanOrEqual(5)
    expect(products.filter((product) => product.metadata.product_type === 'digital_download').length).toBeGreaterThan(15)
    expect(products.filter((product) => product.metadata.purchase_limit === '1').length).toBeGreaterThanOrEqual(3)
    expect(new Set(products.map((product) => product.metadata.purchase_limit))).toEqual(new Set(['1', '2', '3', '5', undefined]))
    expect(products.some((product) => product.metadata.product_type === undefined && product.metadata.purchase_limit === undefined)).toBe(true)
    for (const product of products.filter((candidate) => ['sample-packs', 'midi-packs'].includes(candidate.categorySlug))) {
      expect(typeof product.metadata.bpm).toBe('number')
      expect(typeof product.metadata.genre).toBe('string')
    }
  })

  it('writes the preview, covers and download of every product where the catalog says', async () => {
    for (const product of catalog.products) {
      expect(product.metadata.audioPreview).toBe(`/media/previews/${product.slug}.wav`)
      expect(product.imageUrl).toBe(`/media/covers/${product.slug}-1-640.webp`)
      const images = [product.imageUrl, ...(product.metadata.images ?? [])]
      expect(images.length === 2 || images.length === 3).toBe(true)
      for (const [index, url] of images.entries()) {
        expect(url).toBe(`/media/covers/${product.slug}-${index + 1}-640.webp`)
        for (const width of IMAGE_WIDTHS) {
          const file = await readFile(join(dataDir, 'media', 'covers', `${product.slug}-${index + 1}-${width}.webp`))
          expect(file.toString('ascii', 0, 4)).toBe('RIFF')
          expect(file.toString('ascii', 8, 12)).toBe('WEBP')
        }
      }
      expect(product.fileUrl).toBe(`products/${product.slug}.zip`)
      expect((await stat(join(dataDir, 'files', product.fileUrl))).size).toBe(product.fileSize)
      await stat(join(dataDir, 'media', 'previews', `${product.slug}.wav`))
    }
    const covers = await readdir(join(dataDir, 'media', 'covers'))
    const imageCount = catalog.products.reduce((sum, product) => sum + 1 + (product.metadata.images?.length ?? 0), 0)
    expect(covers).toHaveLength(imageCount * IMAGE_WIDTHS.length)
  })

  it('makes previews of about eight seconds of mono 22.05 kHz audio, normalised and never silent', async () => {
    for (const product of catalog.products) {
      const wav = await readFile(join(dataDir, 'media', 'previews', `${product.slug}.wav`))
      const header = readWavHeader(wav)
      expect(header).toMatchObject({ channels: 1, sampleRate: 22050, bitsPerSample: 16 })
      const seconds = header.dataSize / 2 / header.sampleRate
      expect(seconds).toBeGreaterThan(6.5)
      expect(seconds).toBeLessThan(10)
      const samples = samplesOf(wav)
      let peak = 0
      let sumSquares = 0
      for (const sample of samples) {
        peak = Math.max(peak, Math.abs(sample))
        sumSquares += sample * sample
      }
      expect(peak / 32767).toBeCloseTo(0.891, 2)
      expect(Math.sqrt(sumSquares / samples.length) / 32767).toBeGreaterThan(0.03)
      expect(Math.abs(samples[0] ?? 1)).toBeLessThan(200)
      expect(Math.abs(samples[samples.length - 1] ?? 1)).toBeLessThan(200)
    }
  })

  it('gives every product a preview that sounds different', async () => {
    const fingerprints = new Set<string>()
    for (const product of catalog.products) {
      const samples = samplesOf(await readFile(join(dataDir, 'media', 'previews', `${product.slug}.wav`)))
      fingerprints.add(loudnessContour(samples, 96).slice(0, 24).join())
    }
    expect(fingerprints.size).toBe(30)
  })

  it('packs sample packs as seamless 44.1 kHz mono WAV loops with a README and licence', async () => {
    for (const product of catalog.products.filter((candidate) => candidate.categorySlug === 'sample-packs')) {
      const files = await unzipProduct(product)
      const names = Object.keys(files)
      const loops = names.filter((name) => name.endsWith('.wav'))
      expect(loops.length).toBeGreaterThanOrEqual(4)
      expect(loops.length).toBeLessThanOrEqual(6)
      expect(names.some((name) => name.endsWith('/README.txt'))).toBe(true)
      expect(names.some((name) => name.endsWith('/LICENSE.txt'))).toBe(true)
      for (const name of loops) {
        expect(name).toMatch(/\/ALS_[A-Za-z0-9_]+_\d+bpm_[A-G][b#]?(maj|min|dor|phr|mix|hmin)\.wav$/)
        expect(readWavHeader(files[name] ?? new Uint8Array())).toMatchObject({ channels: 1, sampleRate: 44100, bitsPerSample: 16 })
      }
    }
    const dusty = Object.keys(await unzipProduct(bySlug('dusty-keys-vol-1')))
    expect(dusty).toContain('ALS_Dusty_Keys/Loops/ALS_Dusty_Keys_Drums_90bpm_Amin.wav')
  })

  it('packs MIDI packs as Standard MIDI Files with named tracks, tempo and notes', async () => {
    for (const product of catalog.products.filter((candidate) => candidate.categorySlug === 'midi-packs')) {
      const files = await unzipProduct(product)
      const midiFiles = Object.entries(files).filter(([name]) => name.endsWith('.mid'))
      expect(midiFiles.length).toBeGreaterThanOrEqual(6)
      expect(midiFiles.length).toBeLessThanOrEqual(10)
      for (const [name, data] of midiFiles) {
        const midi = new Midi(data)
        expect(midi.header.tempos[0]?.bpm).toBeCloseTo(product.metadata.bpm ?? 0, 0)
        const notes = midi.tracks.flatMap((track) => track.notes)
        expect(notes.length, name).toBeGreaterThan(0)
        expect(midi.tracks.every((track) => track.name.length > 0)).toBe(true)
        if (/_(Drums|Groove)_/.test(name)) expect(midi.tracks[0]?.channel).toBe(9)
      }
    }
    const full = Object.entries(await unzipProduct(bySlug('neo-soul-progressions'))).find(([name]) => name.includes('Full_Arrangement'))
    const arrangement = new Midi(full?.[1] ?? new Uint8Array())
    expect(arrangement.tracks.map((track) => track.name)).toEqual(['Drums', 'Bass', 'Chords', 'Melody'])
    expect(arrangement.header.keySignatures[0]).toMatchObject({ key: 'Eb', scale: 'major' })
    // B harmonic minor is written with the signature of its relative major, D (two sharps).
    const trap = Object.entries(await unzipProduct(bySlug('trap-melodies-midi'))).find(([name]) => name.includes('Chords_01'))
    expect(new Midi(trap?.[1] ?? new Uint8Array()).header.keySignatures[0]).toMatchObject({ key: 'D', scale: 'minor' })
  })

  it('packs instruments as multisampled WAVs with an SFZ that maps every sample', async () => {
    for (const product of catalog.products.filter((candidate) => candidate.categorySlug === 'instruments')) {
      const files = await unzipProduct(product)
      const names = Object.keys(files)
      const sfzName = names.find((name) => name.endsWith('.sfz'))
      const sfz = new TextDecoder().decode(files[sfzName ?? ''] ?? new Uint8Array())
      const regions = [...sfz.matchAll(/<region> sample=(\S+) lokey=(\d+) hikey=(\d+) pitch_keycenter=(\d+)/g)]
      expect(regions).toHaveLength(13)
      const folder = sfzName?.split('/')[0]
      for (const [, sample, lokey, hikey, centre] of regions) {
        expect(names).toContain(`${folder}/Samples/${sample}`)
        expect(Number(lokey)).toBeLessThanOrEqual(Number(centre))
        expect(Number(hikey)).toBeGreaterThanOrEqual(Number(centre))
        expect(readWavHeader(files[`${folder}/Samples/${sample}`] ?? new Uint8Array()).sampleRate).toBe(44100)
      }
    }
  })

  it('packs processors and tools with real contents', async () => {
    const reverb = await unzipProduct(bySlug('chamber-hall-reverb-irs'))
    const irs = Object.entries(reverb).filter(([name]) => name.endsWith('.wav'))
    expect(irs).toHaveLength(6)
    for (const [, data] of irs) expect(readWavHeader(data).channels).toBe(2)
    const atlas = await unzipProduct(bySlug('chord-atlas-midi'))
    expect(Object.keys(atlas).filter((name) => name.endsWith('.mid'))).toHaveLength(12)
    const charts = await unzipProduct(bySlug('tempo-delay-charts'))
    const csv = new TextDecoder().decode(Object.entries(charts).find(([name]) => name.endsWith('Tempo_Delay_Chart.csv'))?.[1])
    expect(csv).toContain('\n120,2000.00,3000.00,1333.33,1000.00,')
    const license = new TextDecoder().decode(
      Object.entries(await unzipProduct(bySlug('producer-toolkit-site-license'))).find(([name]) => name.endsWith('LICENSE.txt'))?.[1],
    )
    expect(license).toContain('Seats: 5')
  })

  it('produces identical files every time', () => {
    const product = DEMO_PRODUCTS.find((candidate) => candidate.slug === 'neo-soul-progressions')
    if (!product) throw new Error('missing product')
    expect(Buffer.from(buildDownloadZip(product)).equals(Buffer.from(buildDownloadZip(product)))).toBe(true)
    expect(renderPreview(product.sound, product.slug).equals(renderPreview(product.sound, product.slug))).toBe(true)
  })
})
