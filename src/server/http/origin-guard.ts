/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that a browser sent from another
 * site, on every route, so no page elsewhere can act with a shopper's session cookie. Browsers
 * name the sender in `Origin`; when it is missing, `Sec-Fetch-Site` tells. Requests carrying
 * neither (curl, server-to-server, payment webhooks) are not from a browser page and pass.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const EXEMPT_PREFIXES = ['/api/webhooks/']

export interface OriginPolicy {
  /** The store's public origin (PUBLIC_URL). */
  publicUrl: string
  /**
   * Development only: also trust the origin the request itself was addressed to (its Host), so
   * the store works when opened as http://127.0.0.1:3000 or from another device on the LAN while
   * PUBLIC_URL says localhost. Never in production: there only PUBLIC_URL is the store.
   */
  trustRequestHost: boolean
}

/** The origins this request may come from: the store's own, and in development the one its Host names. */
export function trustedOriginsFor(policy: OriginPolicy, hostHeader: string | undefined): string[] {
  const origins = [new URL(policy.publicUrl).origin]
  if (policy.trustRequestHost && hostHeader && /^[a-z0-9.\-[\]:]+$/i.test(hostHeader)) {
    const protocol = new URL(policy.publicUrl).protocol
    origins.push(`${protocol}//${hostHeader.toLowerCase()}`)
  }
  return origins
}

export function isCrossOrigin(request: Pick<FastifyRequest, 'headers'>, policy: OriginPolicy): boolean {
  const origin = request.headers.origin
  if (origin !== undefined) return !trustedOriginsFor(policy, request.headers.host).includes(origin.toLowerCase())
  const site = request.headers['sec-fetch-site']
  // `same-site` is a sibling subdomain: still not the store.
  return site === 'cross-site' || site === 'same-site'
}

export function installOriginGuard(app: FastifyInstance, policy: OriginPolicy): void {
  // A callback hook: every request passes it, and reads (GET, HEAD) leave at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done()
    const path = request.url.split('?')[0] ?? ''
    if (EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix)) || !isCrossOrigin(request, policy)) return done()
    reply
      .status(403)
      .header('Cache-Control', 'no-store')
      .send(errorBody(403, 'CROSS_ORIGIN', 'Cross-origin request refused'))
  })
}
