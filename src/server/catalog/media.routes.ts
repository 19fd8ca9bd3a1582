/**
 * Public media (cover art, audio previews) under /media/<key>, with Range support, ETags and a
 * day of caching; an owner's upload, whose name is new each time, is kept for good. Paid files are
 * never under this root. Three ways to serve them:
 * - media on local disk (the default): @fastify/static from DATA_DIR/media, also when a CDN
 *   (MEDIA_BASE_URL) fetches them from here;
 * - media in a bucket with MEDIA_BASE_URL: a permanent redirect to the CDN or the bucket's
 *   public URL, for /media URLs handed out before the setting or shown by the owner's console;
 * - media in a bucket without it: streamed from the bucket through this process.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { sendStoredFile } from '../http/stored-file-reply.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { checkStorageKey, StorageKeyError } from '../storage/file-storage.ts'
import { isUploadedMediaKey } from './product-media.ts'

const ONE_DAY_MS = 24 * 60 * 60 * 1000
const CACHE_CONTROL = `public, max-age=${ONE_DAY_MS / 1000}`
/**
 * A cover or preview the owner uploads is stored under a name made new for that upload, and a
 * replacement gets another: the bytes at such a name never change, so browsers and CDNs may keep
 * them for a year without asking again. Demo art keeps a day: a newer demo may draw different art
 * under the same name.
 */
const UPLOADED_CACHE_CONTROL = 'public, max-age=31536000, immutable'
const cacheControlOf = (path: string) => (isUploadedMediaKey(path) ? UPLOADED_CACHE_CONTROL : CACHE_CONTROL)
/**
 * The redirect to MEDIA_BASE_URL depends on the setting alone, so browsers and CDNs may keep it
 * long; an explicit max-age (a bare 301 is kept indefinitely) bounds how long old links keep
 * going to a previous MEDIA_BASE_URL after it changes.
 */
const REDIRECT_CACHE_CONTROL = `public, max-age=${(30 * ONE_DAY_MS) / 1000}`
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
}

export interface MediaRoutesOptions {
  /** DATA_DIR/media, served when media are on local disk. */
  mediaDir: string
  /** Where covers and previews are stored. */
  media: FileStorage
  /** MEDIA_BASE_URL: the public place of /media (no trailing slash). */
  mediaBaseUrl: string | undefined
}

/** The storage key of a /media/ path, or null when it is not one this route may serve. */
function mediaKeyOf(path: string): string | null {
  try {
    return checkStorageKey(decodeURIComponent(path))
  } catch (error) {
    if (error instanceof StorageKeyError || error instanceof URIError) return null
    throw error
  }
}

const notFound = { error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }

export function mediaRoutes({ mediaDir, media, mediaBaseUrl }: MediaRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    if (media.kind === 'local') {
      await app.register(fastifyStatic, {
        root: mediaDir,
        prefix: '/media/',
        decorateReply: false,
        acceptRanges: true,
        etag: true,
        lastModified: true,
        maxAge: ONE_DAY_MS,
        index: false,
        dotfiles: 'deny',
        wildcard: true,
        setHeaders: (res, path) => {
          if (path.endsWith('.wav')) res.header('Content-Type', 'audio/wav')
          res.header('Cache-Control', cacheControlOf(path))
        },
      })
      return
    }

    app.route<{ Params: { '*': string } }>({
      // HEAD declared with GET so Fastify does not add its own, which would read the whole file to discard it.
      method: ['GET', 'HEAD'],
      url: '/media/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const rawPath = request.url.slice('/media/'.length).replace(/[?#].*$/, '')
        const key = mediaKeyOf(rawPath)
        if (!key) return reply.status(404).send(notFound)
        if (mediaBaseUrl) return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(`${mediaBaseUrl}/${rawPath}`, 301)

        const info = await media.stat(key)
        if (!info) return reply.status(404).send(notFound)
        const extension = /\.[^./]+$/.exec(key)?.[0]?.toLowerCase() ?? ''
        reply.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream').header('Cache-Control', cacheControlOf(key))
        return sendStoredFile(request, reply, media, key, info)
      },
    })
  }
}
