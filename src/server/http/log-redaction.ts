/**
 * What the log may say about a request: its method and address, with every secret the address
 * carries replaced by "[redacted]", and never a cookie or an authorization header. Which addresses
 * carry a secret, and where, is one list (SECRET_ROUTES): a private order link, a free product's
 * claim, an unsubscribe link, a payment session id, a licence code, a download link's signature,
 * an account email's token. Anyone who reads the logs must not be able to open an order, claim or
 * pay for it, unsubscribe someone, download a paid file or take over an account.
 */
import type { FastifyRequest } from 'fastify'

const REDACTED = '[redacted]'

/** An address whose path or query holds a secret, and which of its parameters hold one. */
export interface SecretRoute {
  /** The route's pattern as Fastify and the route list write it (`:name` is one segment); it covers the addresses below it too. */
  route: string
  /** Its parameters whose values are secrets: a `:name` of the pattern, or a query parameter. */
  secrets: readonly string[]
}

/**
 * Every address that carries a secret. A route added with a token, a session id or a signature in
 * its address belongs here; log-secrets.test.ts asks every route of the app and every page, and
 * fails on a parameter named like a secret that the list does not cover.
 */
export const SECRET_ROUTES: readonly SecretRoute[] = [
  // A guest's private order page and its API (downloads, documents and licence keys below it): the link is the credential.
  { route: '/orders/access/:token', secrets: ['token'] },
  { route: '/api/order-access/:token', secrets: ['token'] },
  // A free product's emailed confirmation: it opens the order's private page.
  { route: '/free/:token', secrets: ['token'] },
  { route: '/api/free-products/claims/:token/confirm', secrets: ['token'] },
  // The unsubscribe links of news, cart reminders and "update available" emails (the page, the API, a mail client's one-click POST).
  { route: '/unsubscribe/:token', secrets: ['token'] },
  { route: '/api/email-signup/unsubscribe/:token', secrets: ['token'] },
  { route: '/email-preferences/cart-reminders/:token', secrets: ['token'] },
  { route: '/api/email-preferences/cart-reminders/:token', secrets: ['token'] },
  { route: '/email-preferences/product-updates/:token', secrets: ['token'] },
  { route: '/api/email-preferences/product-updates/:token', secrets: ['token'] },
  // A payment session id: the built-in payment page and its API, the order it paid for, the success page it returns to.
  { route: '/pay/:sessionId', secrets: ['sessionId'] },
  { route: '/api/builtin-pay/sessions/:sessionId', secrets: ['sessionId'] },
  { route: '/api/dev/payments/sessions/:sessionId', secrets: ['sessionId'] },
  { route: '/api/orders/by-session/:sessionId', secrets: ['sessionId'] },
  { route: '/payment/success', secrets: ['session_id'] },
  // A licence code proves the licence: it shows the licensee and their certificate.
  { route: '/licences/:code', secrets: ['code'] },
  { route: '/api/licences/:code', secrets: ['code'] },
  // A signed download link (the grant id alone downloads nothing).
  { route: '/api/downloads/file/:grantId', secrets: ['signature'] },
  // Account emails: the address confirmation (Better Auth's link, or the page verifying it), the password reset, the account deletion.
  { route: '/api/auth/verify-email', secrets: ['token'] },
  { route: '/email-confirmation', secrets: ['token'] },
  { route: '/api/auth/reset-password/:token', secrets: ['token'] },
  { route: '/reset-password/confirm', secrets: ['token'] },
  { route: '/api/auth/delete-user/callback', secrets: ['token'] },
]

/** One entry, ready to apply: its pattern captures the fixed parts and each parameter in turn. */
interface SecretAddress {
  pattern: RegExp
  /** For each parameter captured, in order: whether its value is a secret. */
  secretSegments: boolean[]
  /** Query parameters whose values are secrets. */
  secretQuery: ReadonlySet<string>
}

/** Routes match as the browser's router does (React Router ignores case), and cover the addresses below them. */
function compile({ route, secrets }: SecretRoute): SecretAddress {
  const parts = route.split(/(:\w+)/).filter(Boolean)
  const parameters = parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1))
  const source = parts.map((part) => (part.startsWith(':') ? '([^/?#]+)' : `(${escapeRegExp(part)})`)).join('')
  return {
    pattern: new RegExp(`^${source}(?=[/?#]|$)`, 'i'),
    secretSegments: parameters.map((name) => secrets.includes(name)),
    secretQuery: new Set(secrets.filter((name) => !parameters.includes(name))),
  }
}

const SECRET_ADDRESSES = SECRET_ROUTES.map(compile)

/**
 * Whether an address may be one of the list's: its fixed beginning (up to the first parameter) is
 * one of theirs. Most requests (the catalog, media, assets) fail this one test and are logged as
 * they are, without being taken apart.
 */
const SECRET_BEGINNING = new RegExp(
  `^(?:${SECRET_ROUTES.map(({ route }) => {
    const fixed = route.split(':')[0]!
    return fixed === route ? `${escapeRegExp(route)}(?:[/?#]|$)` : escapeRegExp(fixed)
  }).join('|')})`,
  'i',
)

/** An address (path and query) as the log shows it: each secret the list names for it replaced by "[redacted]". */
export function redactUrl(url: string): string {
  if (!SECRET_BEGINNING.test(url)) return url
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1)
  for (const { pattern, secretSegments, secretQuery } of SECRET_ADDRESSES) {
    const match = pattern.exec(path)
    if (!match) continue
    // Captures alternate between the fixed parts and the parameters; a leading parameter never happens (every route starts with `/`).
    const shown = match
      .slice(1)
      .map((part, index) => (index % 2 === 1 && secretSegments[(index - 1) / 2] ? REDACTED : part))
      .join('')
    const safePath = `${shown}${path.slice(match[0].length)}`
    return query === undefined ? safePath : `${safePath}?${redactQuery(query, secretQuery)}`
  }
  return url
}

function redactQuery(query: string, secrets: ReadonlySet<string>): string {
  if (secrets.size === 0) return query
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      return equals !== -1 && secrets.has(decodeName(name)) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The request as the log shows it. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, requestId: request.id }
}

/** Paths pino removes from any logged object, whatever logged it. */
export const REDACTED_LOG_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization']
