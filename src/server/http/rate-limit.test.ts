import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStore, createRateLimiter, createRedisStore, type RateLimitRule, type RateLimitStore } from './rate-limit.ts'

// The Redis every machine of this project runs (see README); CI uses the same one.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const rule = (max: number, windowMs = 60_000): RateLimitRule => ({ name: `test-${randomUUID()}`, max, windowMs, message: 'Slow down' })

afterEach(() => {
  vi.useRealTimers()
})

describe('memory store', () => {
  it('allows max hits per window, then refuses with the seconds left; a new window starts fresh', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') })
    const limiter = createRateLimiter({ store: createMemoryStore() })
    const limit = rule(3, 15 * 60_000)
    for (let hit = 1; hit <= 3; hit++) expect(await limiter.consume(limit, '1.2.3.4')).toMatchObject({ allowed: true, count: hit })
    vi.advanceTimersByTime(5 * 60_000)
    expect(await limiter.consume(limit, '1.2.3.4')).toEqual({ allowed: false, count: 4, retryAfterSeconds: 600 })
    expect((await limiter.consume(limit, '5.6.7.8')).allowed).toBe(true)
    vi.advanceTimersByTime(10 * 60_000)
    expect(await limiter.consume(limit, '1.2.3.4')).toMatchObject({ allowed: true, count: 1 })
  })

  it('refund takes one hit back and reset clears the subject', async () => {
    const limiter = createRateLimiter({ store: createMemoryStore() })
    const limit = rule(2)
    await limiter.consume(limit, 'a')
    await limiter.consume(limit, 'a')
    await limiter.refund(limit, 'a')
    expect((await limiter.consume(limit, 'a')).allowed).toBe(true)
    expect((await limiter.consume(limit, 'a')).allowed).toBe(false)
    await limiter.reset(limit, 'a')
    expect(await limiter.consume(limit, 'a')).toMatchObject({ allowed: true, count: 1 })
  })
})

describe('a failing store', () => {
  it('lets requests through and reports the failure', async () => {
    const failing: RateLimitStore = {
      kind: 'memory',
      hit: async () => Promise.reject(new Error('store down')),
      undo: async () => Promise.reject(new Error('store down')),
      reset: async () => Promise.reject(new Error('store down')),
      close: async () => {},
    }
    const errors: unknown[] = []
    const limiter = createRateLimiter({ store: failing, onStoreError: (error) => errors.push(error) })
    expect((await limiter.consume(rule(0), 'x')).allowed).toBe(true)
    await limiter.refund(rule(0), 'x')
    expect(errors).toHaveLength(2)
  })

  it('includes an unreachable Redis, which fails fast', async () => {
    const store = createRedisStore('redis://127.0.0.1:9')
    const errors: unknown[] = []
    const limiter = createRateLimiter({ store, onStoreError: (error) => errors.push(error) })
    const started = Date.now()
    expect((await limiter.consume(rule(0), 'x')).allowed).toBe(true)
    expect(Date.now() - started).toBeLessThan(2500)
    expect(String(errors[0])).toMatch(/Redis/)
    await store.close()
  })
})

describe('Redis store', () => {
  const stores: RateLimitStore[] = []
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()))
  })
  const open = () => {
    const store = createRedisStore(REDIS_URL)
    stores.push(store)
    return store
  }

  it('shares one counter between processes (two connections) and expires it with the window', async () => {
    const first = createRateLimiter({ store: open() })
    const second = createRateLimiter({ store: open() })
    const limit = rule(3, 400)
    expect((await first.consume(limit, 'shared')).count).toBe(1)
    expect((await second.consume(limit, 'shared')).count).toBe(2)
    expect((await first.consume(limit, 'shared')).allowed).toBe(true)
    const refused = await second.consume(limit, 'shared')
    expect(refused).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 1 })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await first.consume(limit, 'shared')).toMatchObject({ allowed: true, count: 1 })
  })

  it('refunds (never below zero) and resets', async () => {
    const limiter = createRateLimiter({ store: open() })
    const limit = rule(1)
    await limiter.refund(limit, 'fresh')
    expect((await limiter.consume(limit, 'fresh')).count).toBe(1)
    await limiter.consume(limit, 'fresh')
    await limiter.refund(limit, 'fresh')
    expect((await limiter.consume(limit, 'fresh')).count).toBe(2)
    await limiter.reset(limit, 'fresh')
    expect((await limiter.consume(limit, 'fresh')).count).toBe(1)
    await limiter.reset(limit, 'fresh')
  })
})
