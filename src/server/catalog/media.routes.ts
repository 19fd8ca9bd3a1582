/**
 * Public media (cover art, audio previews) from DATA_DIR/media, streamed by @fastify/static
 * with Range support, ETags and caching headers. Paid files are never under this root.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

const ONE_DAY_MS = 24 * 60 * 60 * 1000

export function mediaRoutes(mediaDir: string): FastifyPluginAsync {
  return async (app) => {
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
      },
    })
  }
}
