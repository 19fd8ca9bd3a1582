/** Builds and writes each product's real download: a zip under <dataDir>/files/products/. */
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import type { Zippable } from 'fflate'
import type { ProductDefinition } from './catalog-types.ts'
import { instrumentFiles, processorFiles, sampleLoops } from './download-audio.ts'
import type { AudioContents } from './download-audio.ts'
import { midiPack, toolFiles } from './download-tools.ts'
import { fileStem } from './midi-files.ts'
import { licenseText, readmeText, textEntry } from './package-texts.ts'

export interface DownloadFile {
  /** Storage key relative to <dataDir>/files. */
  fileUrl: string
  /** Bytes on disk. */
  fileSize: number
}

/** A fixed timestamp keeps the zips byte-identical from one generation to the next. */
const ZIP_MTIME = new Date('2025-01-01T00:00:00Z')

export function packageContents(product: ProductDefinition): AudioContents {
  switch (product.categorySlug) {
    case 'sample-packs':
      return sampleLoops(product)
    case 'midi-packs':
      return midiPack(product)
    case 'instruments':
      return instrumentFiles(product)
    case 'processors':
      return processorFiles(product)
    case 'tools':
      return toolFiles(product)
  }
}

/** The zip bytes: everything inside one folder named after the product, plus README and licence. */
export function buildDownloadZip(product: ProductDefinition): Uint8Array {
  const { entries, readme } = packageContents(product)
  const folder = fileStem(product.name)
  const all = [...entries, textEntry('README.txt', readmeText(product, readme)), textEntry('LICENSE.txt', licenseText(product))]
  const zippable: Zippable = {}
  for (const entry of all) zippable[`${folder}/${entry.path}`] = [entry.data, { level: entry.compress ? 6 : 0, mtime: ZIP_MTIME }]
  return zipSync(zippable)
}

export async function writeDownloadFile(product: ProductDefinition, dataDir: string): Promise<DownloadFile> {
  const fileUrl = `products/${product.slug}.zip`
  const zip = buildDownloadZip(product)
  const target = join(dataDir, 'files', fileUrl)
  await mkdir(join(dataDir, 'files', 'products'), { recursive: true })
  await writeFile(target, zip)
  return { fileUrl, fileSize: (await stat(target)).size }
}
