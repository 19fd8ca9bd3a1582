/**
 * Security headers on every response (helmet): a strict CSP (no inline script; the page's
 * settings travel in a meta tag), nosniff, frame-ancestors 'none', and a same-origin referrer.
 * The headers are the same for every response, so helmet makes them once at start-up and each
 * answer is handed the finished set (making them per request cost about a tenth of a catalog
 * answer's time).
 */
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Origins Stripe.js and Stripe's Embedded Checkout load from, allowed only when Stripe is the payment provider. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://merchant-ui-api.stripe.com'],
  img: ['https://*.stripe.com'],
}

/** The headers helmet sets with these options, read once from a response that records them. */
export interface SecurityHeaderOptions {
  production: boolean
  stripe?: boolean
  /** MEDIA_BASE_URL's origin: covers are shown, and previews played and fetched for audition, from there. */
  mediaOrigin?: string | undefined
}

function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : [])
  const media = options.mediaOrigin ? [options.mediaOrigin] : []
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The audition player's time-stretch runs as WebAssembly compiled in its worklet: this allows
        // compiling WebAssembly, not eval.
        scriptSrc: ["'self'", ...stripe('script'), "'wasm-unsafe-eval'"],
        // Inline style attributes (waveform widths, progress) are data, not code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media, ...stripe('img')],
        mediaSrc: ["'self'", 'blob:', ...media],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...media, ...stripe('connect')],
        frameSrc: ["'self'", ...stripe('frame')],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Same-origin media and images only; the default would also block nothing we need.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.production,
  })
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name]
    },
  }
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error))
  })
  return headers
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
