/** Renders each product's cover and gallery art with sharp as square WebP files at every IMAGE_WIDTHS size. */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { IMAGE_WIDTHS } from '../shared/product-view.ts'
import type { ProductDefinition } from './catalog-types.ts'
import { coverSvg } from './cover-svg.ts'

/** Public URL of image n of a product, at the width responsiveImage treats as the default. */
export function coverUrl(slug: string, n: number): string {
  return `/media/covers/${slug}-${n}-640.webp`
}

/**
 * Writes `{slug}-{n}-{width}.webp` for every image of the product under <dataDir>/media/covers
 * and returns the image URLs in gallery order (cover first). `position` (the product's place in
 * the catalog) spreads palettes round the colour wheel.
 */
export async function writeCoverArt(product: ProductDefinition, dataDir: string, position?: number): Promise<string[]> {
  const directory = join(dataDir, 'media', 'covers')
  await mkdir(directory, { recursive: true })
  const variants = Array.from({ length: product.imageCount }, (_, i) => (i + 1) as 1 | 2 | 3)
  await Promise.all(variants.map((n) => writeImage(coverSvg(product, n, position), directory, `${product.slug}-${n}`)))
  return variants.map((n) => coverUrl(product.slug, n))
}

/**
 * Rasterises the SVG once (opaque, so WebP skips an alpha plane), then scales that bitmap to
 * each width. Effort 2 is about twice as fast as the default for files a few percent larger.
 */
async function writeImage(svg: string, directory: string, baseName: string): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  await Promise.all(
    IMAGE_WIDTHS.map((width) =>
      sharp(data, { raw })
        .resize(width, width)
        .webp({ quality: 82, effort: 2 })
        .toFile(join(directory, `${baseName}-${width}.webp`)),
    ),
  )
}
