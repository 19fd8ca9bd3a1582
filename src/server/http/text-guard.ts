/**
 * Refuses text PostgreSQL cannot store before any route reads it: a NUL character anywhere in
 * the path, the query string or a JSON body answers 400 in the usual error shape, never a
 * database error. Raw bodies (the payment webhook, Better Auth) are checked as text too.
 */
import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors.ts'

export const INVALID_TEXT_MESSAGE = 'Request contains invalid characters'

/** A NUL as a character, or as the JSON escape a raw JSON body would decode into one. */
const NUL = /\u0000|\\u0000/

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Buffer.isBuffer(value)) return NUL.test(value.toString('latin1'))
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
}

/** Decoding makes a NUL only of `%00`: a URL without one (or a raw NUL) holds none, so nothing need be decoded to tell. */
function urlContainsNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url)
}

export function installTextGuard(app: FastifyInstance): void {
  // Callback hooks: every request passes them, and most have nothing to refuse.
  app.addHook('onRequest', (request, reply, done) => {
    if (urlContainsNul(request.url)) {
      reply.status(400).send(errorBody(400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE))
      return
    }
    done()
  })
  app.addHook('preValidation', (request, reply, done) => {
    if (request.body !== undefined && containsNul(request.body)) {
      reply.status(400).send(errorBody(400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE))
      return
    }
    done()
  })
}
