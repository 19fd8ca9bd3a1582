/**
 * The HTTP server: where it listens, the address its links and emails name, the proxies whose
 * client addresses it believes, and where its rate limits are shared.
 */
import { z } from 'zod'
import { optionalUrl } from './env-values.ts'

export const HTTP_ENV = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address the HTTP server binds to. */
  HOST: z.string().default('0.0.0.0'),
  /** Origin used in emails and payment return URLs. */
  PUBLIC_URL: optionalUrl,
  /**
   * Proxies in front of the app whose X-Forwarded-For is believed (per-IP rate limits read
   * it): unset trusts none; a hop count ("1"), or addresses/CIDRs ("10.0.0.0/8,127.0.0.1").
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): number | string[] | false => {
      if (!value || value === 'false') return false
      if (/^\d+$/.test(value)) return Number(value)
      const list = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
      if (list.every((entry) => /^[0-9a-f.:]+(\/\d+)?$/i.test(entry))) return list
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a hop count or a comma-separated list of addresses' })
      return z.NEVER
    }),
  /** Shared rate limits across processes; unset means in memory. */
  REDIS_URL: optionalUrl,
})

export interface HttpPart {
  port: number
  host: string
  publicUrl: string
  trustProxy: number | string[] | false
  redisUrl: string | undefined
}

export function httpPartOf(values: z.output<typeof HTTP_ENV>): HttpPart {
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    trustProxy: values.TRUST_PROXY,
    redisUrl: values.REDIS_URL,
  }
}
