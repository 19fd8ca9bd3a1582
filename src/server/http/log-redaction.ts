/**
 * What the request log may say about a request: its method and path, with every secret a URL
 * can carry replaced by "[redacted]" (download-link signatures, email verification and password
 * reset tokens, private order links, in the query or in the path), and never a cookie or an
 * authorization header.
 * Anyone who reads the logs must not be able to download a paid file or take over an account.
 */
import type { FastifyRequest } from 'fastify'

const REDACTED = '[redacted]'

/** Query parameters whose values are secrets. */
const SECRET_PARAMETER = /token|signature|secret|password|code|key/i

/** Path segments that follow these words are secrets (Better Auth's reset link: /reset-password/{token}; a private order link: /orders/access/{token}, /api/order-access/{token}). */
const SECRET_PATH = /(\/reset-password\/|\/orders\/access\/|\/order-access\/)[^/?#]+/gi

/** Whether a path may hold a secret segment (SECRET_PATH's words): most do not, and are logged as they are. */
const SECRET_PATH_WORD = /\/(?:reset-password|orders\/access|order-access)\//i

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined]
  const safePath = SECRET_PATH_WORD.test(path) ? path.replace(SECRET_PATH, `$1${REDACTED}`) : path
  if (query === undefined) return safePath
  // No secret word anywhere in the query, nor an escape that could spell one: nothing to hide.
  if (!query.includes('%') && !SECRET_PARAMETER.test(query)) return `${safePath}?${query}`
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=')
      return rest.length > 0 && SECRET_PARAMETER.test(decodeName(name)) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
  return `${safePath}?${safeQuery}`
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/** The request as the log shows it. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, requestId: request.id }
}

/** Paths pino removes from any logged object, whatever logged it. */
export const REDACTED_LOG_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization']
