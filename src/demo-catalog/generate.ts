/**
 * Generates every file of the demo catalog under a data directory (audio previews, cover art,
 * product downloads) and returns the catalog rows the seed inserts. The demo catalog stands
 * alone: it imports only src/shared, node built-ins and its npm packages, never the server.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { ProductMetadata } from '../shared/product-view.ts'
import { renderPreview } from './audio-synth.ts'
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './catalog-data.ts'
import { writeCoverArt } from './cover-art.ts'
import { writeDownloadFile } from './download-files.ts'
import type { DownloadFile } from './download-files.ts'

export interface DemoCategory {
  name: string
  slug: string
  description: string
}

/**
 * One demo product as the seed inserts it. It carries no waveform peaks of its preview: the
 * store computes those itself from the WAV, for demo and owner products alike.
 */
export interface DemoProduct {
  slug: string
  name: string
  description: string
  categorySlug: string
  priceCents: number
  /** First image URL, '/media/covers/{slug}-1-640.webp'. */
  imageUrl: string
  isActive: boolean
  downloadLimit: number
  createdDaysAgo: number
  /** Storage key under <dataDir>/files. */
  fileUrl: string
  /** Bytes, as on disk. */
  fileSize: number
  /** With audioPreview '/media/previews/{slug}.wav' and images = the gallery images after the first. */
  metadata: ProductMetadata
}

export interface DemoCatalog {
  categories: DemoCategory[]
  products: DemoProduct[]
}

/** Products whose covers render at once: enough to keep sharp's threads busy, few enough to bound memory. */
const COVER_CONCURRENCY = 3

/**
 * Writes `<dataDir>/media/previews/{slug}.wav`, `<dataDir>/media/covers/{slug}-{n}-{width}.webp`
 * and `<dataDir>/files/products/{slug}.zip` for every demo product, overwriting earlier runs.
 * Deterministic: the same code always produces the same files.
 */
export async function generateDemoAssets(dataDir: string): Promise<DemoCatalog> {
  const previewsDir = join(dataDir, 'media', 'previews')
  await Promise.all([
    mkdir(previewsDir, { recursive: true }),
    mkdir(join(dataDir, 'media', 'covers'), { recursive: true }),
    mkdir(join(dataDir, 'files', 'products'), { recursive: true }),
  ])

  // Cover art runs on sharp's worker threads while this thread synthesises the audio.
  const covers = awaitedLater(inPool(DEMO_PRODUCTS, COVER_CONCURRENCY, (product, index) => writeCoverArt(product, dataDir, index)))

  const previews: Promise<void>[] = []
  const downloads: Promise<DownloadFile>[] = []
  for (const product of DEMO_PRODUCTS) {
    const preview = renderPreview(product.sound, product.slug)
    previews.push(awaitedLater(writeFile(join(previewsDir, `${product.slug}.wav`), preview)))
    downloads.push(awaitedLater(writeDownloadFile(product, dataDir)))
    // Let finished writes and image jobs hand over their results between products.
    await yieldToEventLoop()
  }

  const [images, , files] = await Promise.all([covers, Promise.all(previews), Promise.all(downloads)])
  const products = DEMO_PRODUCTS.map((product, index): DemoProduct => {
    const [imageUrl = '', ...gallery] = images[index] ?? []
    const file = files[index]
    if (!file) throw new Error(`No download generated for ${product.slug}`)
    return {
      slug: product.slug,
      name: product.name,
      description: product.description,
      categorySlug: product.categorySlug,
      priceCents: product.priceCents,
      imageUrl,
      isActive: product.isActive,
      downloadLimit: product.downloadLimit,
      createdDaysAgo: product.createdDaysAgo,
      fileUrl: file.fileUrl,
      fileSize: file.fileSize,
      metadata: { ...product.metadata, audioPreview: `/media/previews/${product.slug}.wav`, images: gallery },
    }
  })
  return { categories: DEMO_CATEGORIES.map(({ name, slug, description }) => ({ name, slug, description })), products }
}

/**
 * Marks a promise as handled while it waits for the Promise.all at the end: a failure that
 * happens during the synthesis loop must reach the caller, not crash the process as unhandled.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/** Runs `work` over the items with at most `size` in flight, keeping results in item order. */
async function inPool<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
  return results
}
