/**
 * Our own rate limits (fixed windows): counters in memory by default, in Redis when REDIS_URL
 * is set so every process behind a load balancer shares them. Unlike Better Auth's limiter they
 * apply in every NODE_ENV, and a request can take its hit back when it turned out fine
 * (a successful sign-in is not a guess).
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { errorBody } from './errors.ts'
import { createRequire } from 'node:module'
import type { Redis as RedisClient } from 'ioredis'

export interface RateLimitStore {
  kind: 'memory' | 'redis'
  /** Counts one hit on `key` in its window; answers the count so far and when the window ends (ms since epoch). */
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetAt: number }>
  /** Takes one hit back. */
  undo: (key: string) => Promise<void>
  /** Forgets the key. */
  reset: (key: string) => Promise<void>
  close: () => Promise<void>
}

export interface RateLimitRule {
  /** Names the counter: `sign-in-ip`, `sign-in-account`, ... */
  name: string
  max: number
  windowMs: number
  /** What a refused request is told. */
  message: string
}

export interface RateLimitDecision {
  allowed: boolean
  count: number
  retryAfterSeconds: number
}

export interface RateLimiter {
  store: RateLimitStore
  /** Counts a hit for `subject` (an IP, an email) under `rule`; refused once the count passes `rule.max`. */
  consume: (rule: RateLimitRule, subject: string) => Promise<RateLimitDecision>
  refund: (rule: RateLimitRule, subject: string) => Promise<void>
  reset: (rule: RateLimitRule, subject: string) => Promise<void>
}

export interface RateLimiterOptions {
  store: RateLimitStore
  /** Told when the store fails; the request is then let through (a limiter must not take the store down with it). */
  onStoreError?: (error: unknown) => void
}

export function createRateLimiter({ store, onStoreError = () => {} }: RateLimiterOptions): RateLimiter {
  // Subjects are hashed: emails and addresses do not end up as readable keys in Redis.
  const keyOf = (rule: RateLimitRule, subject: string) => `als:rl:${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`
  return {
    store,
    consume: async (rule, subject) => {
      try {
        const { count, resetAt } = await store.hit(keyOf(rule, subject), rule.windowMs)
        return { allowed: count <= rule.max, count, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) }
      } catch (error) {
        onStoreError(error)
        return { allowed: true, count: 0, retryAfterSeconds: 0 }
      }
    },
    refund: async (rule, subject) => {
      await store.undo(keyOf(rule, subject)).catch(onStoreError)
    },
    reset: async (rule, subject) => {
      await store.reset(keyOf(rule, subject)).catch(onStoreError)
    },
  }
}

/**
 * Counts a request against its IP, then against the email address it names. When either is spent it
 * answers 429 and says true (a boolean, not the reply: a reply is thenable, and awaiting it would wait
 * for the response). A request refused for its address is refunded to the IP, so it does not count
 * against the others sharing it.
 */
export async function refusedByIpOrAddress(
  limiter: RateLimiter,
  reply: FastifyReply,
  { ipRule, ip, addressRule, address }: { ipRule: RateLimitRule; ip: string; addressRule: RateLimitRule; address: string },
): Promise<boolean> {
  const byIp = await limiter.consume(ipRule, ip)
  if (!byIp.allowed) {
    sendRateLimited(reply, ipRule, byIp)
    return true
  }
  const byAddress = await limiter.consume(addressRule, address)
  if (!byAddress.allowed) {
    await limiter.refund(ipRule, ip)
    sendRateLimited(reply, addressRule, byAddress)
    return true
  }
  return false
}

/** Answers 429 with Retry-After and `{ error: { message, status: 429, code: 'RATE_LIMITED' } }`. */
export function sendRateLimited(reply: FastifyReply, rule: RateLimitRule, decision: RateLimitDecision): FastifyReply {
  return reply
    .status(429)
    .header('Retry-After', String(decision.retryAfterSeconds))
    .header('Cache-Control', 'no-store')
    .send(errorBody(429, 'RATE_LIMITED', rule.message))
}

export function createMemoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let hitsSinceSweep = 0
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
  }
  return {
    kind: 'memory',
    hit: async (key, windowMs) => {
      const now = Date.now()
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0
        sweep(now)
      }
      const current = windows.get(key)
      if (!current || current.resetAt <= now) {
        const fresh = { count: 1, resetAt: now + windowMs }
        windows.set(key, fresh)
        return { ...fresh }
      }
      current.count += 1
      return { ...current }
    },
    undo: async (key) => {
      const current = windows.get(key)
      if (current && current.count > 0) current.count -= 1
    },
    reset: async (key) => {
      windows.delete(key)
    },
    close: async () => {
      windows.clear()
    },
  }
}

// One round trip, atomic: the first hit starts the window; a key that somehow lost its expiry gets one.
const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}`

const UNDO_SCRIPT = `local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value > 0 then return redis.call('DECR', KEYS[1]) end
return 0`

/**
 * Counters in Redis through ioredis. Commands fail fast (no offline queue, short timeouts) so
 * a Redis outage lets requests through with a warning instead of hanging them.
 */
export function createRedisStore(url: string): RateLimitStore {
  // Loaded only when REDIS_URL is set, not by every start-up.
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  })
  // Errors surface through the failed commands; without a listener ioredis would log each retry.
  client.on('error', () => {})
  let connecting: Promise<void> | null = null
  const ready = async () => {
    if (client.status === 'ready') return
    if (client.status === 'wait' || client.status === 'end') connecting ??= client.connect().finally(() => (connecting = null))
    if (connecting)
      await connecting.catch((error: unknown) => {
        throw new Error(`Redis is not reachable: ${error instanceof Error ? error.message : String(error)}`)
      })
    if ((client.status as string) !== 'ready') throw new Error(`Redis is not reachable (${client.status})`)
  }
  return {
    kind: 'redis',
    hit: async (key, windowMs) => {
      await ready()
      const reply = (await client.eval(HIT_SCRIPT, 1, key, windowMs)) as unknown
      if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number')
        throw new Error('Unexpected Redis answer to the rate-limit script')
      return { count: reply[0], resetAt: Date.now() + reply[1] }
    },
    undo: async (key) => {
      await ready()
      await client.eval(UNDO_SCRIPT, 1, key)
    },
    reset: async (key) => {
      await ready()
      await client.del(key)
    },
    close: async () => {
      client.disconnect()
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's rate limiter (memory, or Redis with REDIS_URL); any route may count against its own rules. */
    rateLimiter: RateLimiter
  }
}

/** Decorates `app.rateLimiter`: Redis when `redisUrl` is set, else memory; closed with the app. */
export function installRateLimiter(app: FastifyInstance, { redisUrl }: { redisUrl: string | undefined }): RateLimiter {
  const store = redisUrl ? createRedisStore(redisUrl) : createMemoryStore()
  const limiter = createRateLimiter({
    store,
    onStoreError: (error) => app.log.warn({ err: error }, 'rate-limit store failed; request let through'),
  })
  app.decorate('rateLimiter', limiter)
  app.addHook('onClose', async () => store.close())
  return limiter
}
