/**
 * Security headers on every response (helmet): a strict CSP (no inline script; the page's
 * settings travel in a meta tag), nosniff, frame-ancestors 'none', and a same-origin referrer.
 */
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** Origins Stripe.js and Stripe's Embedded Checkout load from, allowed only when Stripe is the payment provider. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://merchant-ui-api.stripe.com'],
  img: ['https://*.stripe.com'],
}

export async function installSecurityHeaders(app: FastifyInstance, options: { production: boolean; stripe?: boolean }): Promise<void> {
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : [])
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe('script')],
        // Inline style attributes (waveform widths, progress) are data, not code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe('img')],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe('connect')],
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
}
