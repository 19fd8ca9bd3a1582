/**
 * An owner's cover image (JPEG, PNG or WebP) made into the storefront's square WebP sizes with
 * sharp, read from the uploaded file (sharp streams it; the pixels are decoded once).
 */
import { IMAGE_WIDTHS } from '../../shared/product-view.ts'

const COVER_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** A cover's short side must be at least this: smaller images would be blown up on the product page. */
export const MIN_COVER_SIDE = 320
/** Refuses decompression bombs before any pixel is decoded. */
const MAX_COVER_PIXELS = 100_000_000

export class CoverFormatError extends Error {
  override name = 'CoverFormatError'
}

/** Every IMAGE_WIDTHS size of the cover, square (centre-cropped), as WebP bytes. */
export async function renderCoverSizes(path: string): Promise<{ width: number; bytes: Buffer }[]> {
  // Loaded with the first cover, not at start-up.
  const { default: sharp } = await import('sharp')
  let format: string | undefined
  let width = 0
  let height = 0
  try {
    ;({ format, width = 0, height = 0 } = await sharp(path, { limitInputPixels: MAX_COVER_PIXELS }).metadata())
  } catch {
    throw new CoverFormatError('The cover image must be a JPEG, PNG or WebP file')
  }
  if (!format || !COVER_FORMATS.has(format)) throw new CoverFormatError('The cover image must be a JPEG, PNG or WebP file')
  if (Math.min(width, height) < MIN_COVER_SIDE) throw new CoverFormatError(`The cover image must be at least ${MIN_COVER_SIDE} × ${MIN_COVER_SIDE} pixels`)
  try {
    // Decode and orient once, then scale the square to each width.
    const square = await sharp(path, { limitInputPixels: MAX_COVER_PIXELS })
      .rotate()
      .resize(IMAGE_WIDTHS.at(-1), IMAGE_WIDTHS.at(-1), { fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: square.info.width, height: square.info.height, channels: square.info.channels }
    return await Promise.all(
      IMAGE_WIDTHS.map(async (size) => ({
        width: size,
        bytes: await sharp(square.data, { raw }).resize(size, size).webp({ quality: 82, effort: 4 }).toBuffer(),
      })),
    )
  } catch {
    throw new CoverFormatError('The cover image could not be read; export it again as JPEG, PNG or WebP')
  }
}

/** A stored cover's WebP scaled down to each width (a size the storefront added after the cover was made). */
export async function scaleStoredCover(bytes: Buffer, widths: readonly number[]): Promise<{ width: number; bytes: Buffer }[]> {
  const { default: sharp } = await import('sharp')
  return Promise.all(
    widths.map(async (width) => ({
      width,
      bytes: await sharp(bytes, { limitInputPixels: MAX_COVER_PIXELS }).resize(width, width).webp({ quality: 82, effort: 4 }).toBuffer(),
    })),
  )
}
