/**
 * Asks VIES, the EU's register of VAT numbers (its REST API's check-vat-number), whether a
 * number is registered. VIES is often down for one member state or another, and a store may run
 * where it cannot reach it at all: every answer that is not a clear yes or no (no network, a
 * timeout, an HTTP error, MS_UNAVAILABLE, a body not in its shape) is "could not tell", so the
 * caller falls back to the number's format and checksum instead of refusing a real business.
 * After such an answer VIES is left alone for a minute, so a checkout does not wait for it again.
 * Clear answers are remembered for an hour: a number's registration does not change by the minute.
 */
import type { FastifyBaseLogger } from 'fastify'

/** The prefixes VIES knows: the EU's member states (Greece as EL) and Northern Ireland (XI). */
const VIES_PREFIXES = new Set('AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '))

/** A member state's register being down, busy or slow: VIES could not tell, which is not "invalid". */
const NOT_AN_ANSWER = new Set(['MS_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'GLOBAL_MAX_CONCURRENT_REQ', 'SERVICE_UNAVAILABLE', 'TIMEOUT', 'IP_BLOCKED'])

const ANSWER_KEPT_MS = 60 * 60 * 1000
const PAUSE_AFTER_FAILURE_MS = 60 * 1000
const MAX_ANSWERS = 1000

export interface ViesOptions {
  /** The REST API's base URL (…/vies/rest-api). */
  url: string
  timeoutMs: number
  log: Pick<FastifyBaseLogger, 'warn'>
  now?: () => number
}

/** Whether VIES can check a normalised number (prefix and digits, no spaces). */
export function viesCovers(vatNumber: string): boolean {
  return VIES_PREFIXES.has(vatNumber.slice(0, 2))
}

/** `ask(number)`: true registered, false not registered, null VIES could not tell. */
export function createViesClient({ url, timeoutMs, log, now = Date.now }: ViesOptions) {
  const answers = new Map<string, { registered: boolean; until: number }>()
  let pausedUntil = 0

  async function request(vatNumber: string): Promise<boolean> {
    const response = await fetch(`${url}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`VIES answered HTTP ${response.status}`)
    const body = (await response.json()) as { valid?: unknown; userError?: unknown }
    if (typeof body.userError === 'string' && NOT_AN_ANSWER.has(body.userError)) throw new Error(`VIES could not tell: ${body.userError}`)
    if (typeof body.valid !== 'boolean') throw new Error('VIES answered without a verdict')
    return body.valid
  }

  return {
    async ask(vatNumber: string): Promise<boolean | null> {
      if (!viesCovers(vatNumber)) return null
      const known = answers.get(vatNumber)
      if (known && known.until > now()) return known.registered
      if (pausedUntil > now()) return null
      try {
        const registered = await request(vatNumber)
        if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!)
        answers.set(vatNumber, { registered, until: now() + ANSWER_KEPT_MS })
        return registered
      } catch (error) {
        pausedUntil = now() + PAUSE_AFTER_FAILURE_MS
        log.warn({ err: error }, 'VIES could not check a VAT number: its format and checksum decide for a minute')
        return null
      }
    },
  }
}
