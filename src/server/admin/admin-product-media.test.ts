/**
 * The owner's uploads over a real HTTP connection with tus-js-client, as the console sends them:
 * a product file in chunks (resumed after a dropped connection) recorded with its size and
 * sha256 as the product's first version (the versions of a sold product are in
 * admin-product-file-versions.test.ts); a cover made into the store's WebP sizes; previews in
 * FLAC and 24-bit WAV made into an MP3 with a waveform; and the refusals (too large, wrong type,
 * unreadable, not an admin) that leave no file behind.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import decode from 'audio-decode'
import lena from 'audio-lena'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { UploadKind } from '../../shared/contract/uploads.ts'
import { auditLog, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const MAX_UPLOAD_BYTES = 8 * 1024 * 1024
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser
let base: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER, MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => t?.close())

const uploadsDir = () => join(t.dataDir, 'uploads')
const leftInUploads = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [])
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

interface SendOptions {
  as?: SignedInUser
  chunkSize?: number
  /** Drops the connection once this many bytes are acknowledged, then resumes. */
  dropAfter?: number
}

/** Sends bytes as the console does; resolves with the upload id, rejects with the server's answer. */
function send(
  bytes: Buffer,
  kind: UploadKind,
  fileName: string,
  { as = owner, chunkSize = 1024 * 1024, dropAfter }: SendOptions = {},
): Promise<{ uploadId: string; resumedFrom: number | null }> {
  return new Promise((resolve, reject) => {
    let resumedFrom: number | null = null
    let dropped = false
    const upload: Upload = new Upload(bytes, {
      endpoint: `${base}/api/admin/uploads`,
      chunkSize,
      retryDelays: [],
      metadata: { kind, filename: fileName },
      headers: { cookie: as.cookie, origin: t.config.publicUrl },
      onChunkComplete(_chunk, accepted) {
        if (dropAfter !== undefined && !dropped && accepted >= dropAfter) {
          dropped = true
          void upload.abort().then(async () => {
            // A new start asks the server (HEAD) how far it got and sends only the rest.
            const head = await fetch(upload.url!, { method: 'HEAD', headers: { cookie: as.cookie, 'tus-resumable': '1.0.0' } })
            resumedFrom = Number(head.headers.get('upload-offset'))
            upload.start()
          })
        }
      },
      onSuccess: () => resolve({ uploadId: upload.url!.split('/').at(-1)!, resumedFrom }),
      onError: (error) => reject(error),
    })
    upload.start()
  })
}

async function attach(productId: string, kind: UploadKind, uploadId: string) {
  const response = await fetch(`${base}/api/admin/products/${productId}/${kind}`, {
    method: 'PUT',
    headers: { cookie: owner.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId }),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { file: { name: string; size: number; sha256: string }; coverUrl: string; previewUrl: string; previewPeaks: number[] }
      error: { code: string; message: string }
    },
  }
}

async function newProduct(name: string): Promise<string> {
  const [row] = await t.database.db.insert(products).values({ name, priceCents: 1999, isActive: false }).returning()
  return row!.id
}

describe('the product file', () => {
  it('streams up in chunks, resumes after a dropped connection, and is recorded with its size and sha256', async () => {
    const productId = await newProduct('Resumed Pack')
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 123)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i)
    const sent = await send(bytes, 'file', 'Resumed Pack v1.zip', { dropAfter: 2 * 1024 * 1024 })
    expect(sent.resumedFrom).toBeGreaterThanOrEqual(2 * 1024 * 1024)
    expect(sent.resumedFrom).toBeLessThan(bytes.length)

    const { status, body } = await attach(productId, 'file', sent.uploadId)
    expect(status).toBe(200)
    expect(body.data.file).toEqual({ name: 'Resumed-Pack-v1.zip', size: bytes.length, sha256: sha256(bytes) })
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(row).toMatchObject({ fileSize: bytes.length, fileSha256: sha256(bytes) })
    expect(sha256(readFileSync(join(t.dataDir, 'files', row!.fileUrl!)))).toBe(sha256(bytes))
    expect(leftInUploads()).toEqual([])
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, productId))
    expect(entry).toMatchObject({
      action: 'product.file_version_add',
      before: { liveVersion: null },
      after: { version: 1, file: 'Resumed Pack v1.zip', bytes: bytes.length, sha256: sha256(bytes), liveVersion: 1 },
    })
  })

  it('over MAX_UPLOAD_BYTES is refused when the upload is created, before a byte is stored', async () => {
    const error = await send(Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'file', 'huge.zip').catch(
      (caught: { originalResponse?: { getStatus(): number; getBody(): string } }) => caught,
    )
    expect((error as { originalResponse: { getStatus(): number } }).originalResponse.getStatus()).toBe(413)
    expect(JSON.parse((error as { originalResponse: { getBody(): string } }).originalResponse.getBody())).toEqual({
      error: { message: 'The product file is larger than 8 MB', status: 413, code: 'UPLOAD_TOO_LARGE' },
    })
    expect(leftInUploads()).toEqual([])
  })

  it('is refused to a shopper with 403 and nothing stored', async () => {
    const error = await send(Buffer.from('not yours'), 'file', 'x.zip', { as: shopper }).catch(
      (caught: { originalResponse: { getStatus(): number } }) => caught,
    )
    expect((error as { originalResponse: { getStatus(): number } }).originalResponse.getStatus()).toBe(403)
    expect(leftInUploads()).toEqual([])
  })

  it('cannot be taken before it has finished, or as another kind', async () => {
    const productId = await newProduct('Unfinished')
    expect((await attach(productId, 'file', 'f'.repeat(32))).body.error.code).toBe('UPLOAD_NOT_FOUND')
    const { uploadId } = await send(Buffer.from('RIFF'), 'file', 'a.zip')
    const wrongKind = await attach(productId, 'cover', uploadId)
    expect(wrongKind).toMatchObject({ status: 400, body: { error: { code: 'UPLOAD_NOT_FOUND', message: 'That upload is not a cover image' } } })
    expect((await attach(productId, 'file', uploadId)).status).toBe(200)
  })
})

describe('the cover image', () => {
  it('is made into square WebP images at 320, 640 and 1024 px and becomes the product\u2019s first image', async () => {
    const productId = await newProduct('Covered')
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 40, b: 200 } } })
      .png()
      .toBuffer()
    const { uploadId } = await send(png, 'cover', 'Cover Art.PNG')
    const { status, body } = await attach(productId, 'cover', uploadId)
    expect(status).toBe(200)
    expect(body.data.coverUrl).toMatch(new RegExp(`^/media/products/${productId}/cover-[0-9a-f]{8}-640\\.webp$`))
    for (const width of [320, 640, 1024]) {
      const file = join(t.dataDir, body.data.coverUrl.replace('-640.webp', `-${width}.webp`))
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width, height: width })
    }
    const served = await t.app.inject(body.data.coverUrl)
    expect(served.headers['content-type']).toBe('image/webp')
  })

  it('of the wrong type is refused when the upload is created; a fake image is refused when taken, and nothing stays', async () => {
    const gif = await send(Buffer.from('GIF89a'), 'cover', 'cover.gif').catch(
      (caught: { originalResponse: { getStatus(): number; getBody(): string } }) => caught,
    )
    expect((gif as { originalResponse: { getStatus(): number } }).originalResponse.getStatus()).toBe(415)
    const productId = await newProduct('Fake cover')
    const { uploadId } = await send(Buffer.from('this is text with a .png name'), 'cover', 'cover.png')
    expect(await attach(productId, 'cover', uploadId)).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_IMAGE', message: 'The cover image must be a JPEG, PNG or WebP file' } },
    })
    expect(leftInUploads()).toEqual([])
    expect(existsSync(join(t.dataDir, 'media', 'products', productId))).toBe(false)
  })
})

describe('the audio preview', () => {
  it.each(['flac', 'ogg', 'mp3'])('in %s is served as an MP3 of the same length, with its waveform', async (format) => {
    const productId = await newProduct(`Preview ${format}`)
    const { uploadId } = await send(readFileSync(lena.url(format)), 'preview', `lena.${format}`)
    const { status, body } = await attach(productId, 'preview', uploadId)
    expect(status).toBe(200)
    expect(body.data.previewUrl).toMatch(new RegExp(`^/media/products/${productId}/preview-[0-9a-f]{8}\\.mp3$`))
    expect(body.data.previewPeaks).toHaveLength(96)
    expect(Math.max(...body.data.previewPeaks)).toBeGreaterThan(0.3)
    expect(Math.min(...body.data.previewPeaks)).toBeGreaterThanOrEqual(0)
    const mp3 = readFileSync(join(t.dataDir, body.data.previewUrl))
    const decoded = await decode(mp3)
    expect(decoded.channelData[0]!.length / decoded.sampleRate).toBeCloseTo(lena.duration, 0)
    const served = await t.app.inject(body.data.previewUrl)
    expect(served.headers['content-type']).toBe('audio/mpeg')
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(row!.metadata.audioPreview).toBe(body.data.previewUrl)
  })

  it('in 24-bit WAV keeps its loud and quiet halves in the waveform', async () => {
    const productId = await newProduct('Preview 24-bit')
    const rate = 48000
    const frames = rate * 2
    const data = Buffer.alloc(frames * 3)
    for (let i = 0; i < frames; i++) data.writeIntLE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * (i < frames / 2 ? 0.9 : 0.1) * 0x7fffff), i * 3, 3)
    const header = Buffer.alloc(44)
    header.write('RIFF', 0)
    header.writeUInt32LE(36 + data.length, 4)
    header.write('WAVEfmt ', 8)
    header.writeUInt32LE(16, 16)
    header.writeUInt16LE(1, 20)
    header.writeUInt16LE(1, 22)
    header.writeUInt32LE(rate, 24)
    header.writeUInt32LE(rate * 3, 28)
    header.writeUInt16LE(3, 32)
    header.writeUInt16LE(24, 34)
    header.write('data', 36)
    header.writeUInt32LE(data.length, 40)
    const { uploadId } = await send(Buffer.concat([header, data]), 'preview', 'loop-24bit.wav')
    const { body } = await attach(productId, 'preview', uploadId)
    expect(body.data.previewPeaks.slice(5, 40).every((peak) => peak > 0.85 && peak <= 0.91)).toBe(true)
    expect(body.data.previewPeaks.slice(56, 90).every((peak) => peak > 0.08 && peak <= 0.11)).toBe(true)
  })

  it('that is not audio is refused with the reason, and leaves no file', async () => {
    const productId = await newProduct('Not audio')
    const { uploadId } = await send(Buffer.from('just some words in a file called preview.wav'), 'preview', 'preview.wav')
    expect(await attach(productId, 'preview', uploadId)).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_AUDIO', message: 'The audio preview must be a WAV, MP3, FLAC or OGG file' } },
    })
    expect(leftInUploads()).toEqual([])
    expect(existsSync(join(t.dataDir, 'media', 'products', productId))).toBe(false)
  })
})
