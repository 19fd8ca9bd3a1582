/**
 * Security headers on every response (helmet): a strict CSP (no inline script; the page's
 * settings travel in a meta tag), nosniff, frame-ancestors 'none', and a same-origin referrer.
 */
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

export async function installSecurityHeaders(app: FastifyInstance, options: { production: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes (waveform widths, progress) are data, not code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
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
