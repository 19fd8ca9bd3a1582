/**
 * What the owner may upload for a product, checked by the browser before it sends a byte and
 * again by the server when the upload is created: the paid file (any type, up to
 * MAX_UPLOAD_BYTES), the cover image and the audio preview.
 */
import { z } from 'zod'

export const UPLOAD_KINDS = ['file', 'cover', 'preview'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

export const MEBIBYTE = 1024 * 1024

interface UploadRule {
  label: string
  /** Lower-case extensions with their dot; null accepts any file. */
  extensions: string[] | null
  /** The browser's file picker filter. */
  accept: string
  typeMessage: string
  /** For the cover and the preview; the product file's limit is the server's MAX_UPLOAD_BYTES. */
  maxBytes: number
}

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  file: { label: 'Product file', extensions: null, accept: '', typeMessage: '', maxBytes: Number.POSITIVE_INFINITY },
  cover: {
    label: 'Cover image',
    extensions: ['.jpg', '.jpeg', '.png', '.webp'],
    accept: 'image/jpeg,image/png,image/webp',
    typeMessage: 'The cover image must be a JPEG, PNG or WebP file',
    maxBytes: 25 * MEBIBYTE,
  },
  preview: {
    label: 'Audio preview',
    extensions: ['.wav', '.mp3', '.flac', '.ogg', '.oga'],
    accept: 'audio/wav,audio/x-wav,audio/mpeg,audio/flac,audio/ogg,.wav,.mp3,.flac,.ogg',
    typeMessage: 'The audio preview must be a WAV, MP3, FLAC or OGG file',
    maxBytes: 200 * MEBIBYTE,
  },
}

/** "The cover image is larger than 25 MB": the same words in the browser and from the server. */
export function tooLargeMessage(kind: UploadKind, limitBytes: number): string {
  const gib = limitBytes / 1024 ** 3
  const limit = gib >= 1 ? `${Number.isInteger(gib) ? gib : gib.toFixed(1)} GB` : `${Math.round(limitBytes / MEBIBYTE)} MB`
  return `The ${UPLOAD_RULES[kind].label.toLowerCase()} is larger than ${limit}`
}

/** The owner's product file, cover and preview as the product screens show them. */
export const productMediaSchema = z.object({
  file: z.object({ name: z.string(), size: z.number().int(), sha256: z.string().nullable() }).nullable(),
  coverUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  previewPeaks: z.array(z.number()).nullable(),
})
export type ProductMediaView = z.infer<typeof productMediaSchema>

/** Attaching a finished upload to a product. */
export const attachUploadSchema = z.strictObject({
  uploadId: z.string({ error: 'uploadId is required' }).trim().min(1, 'uploadId is required').max(100, 'uploadId must be at most 100 characters'),
})
