/**
 * No secret an address carries reaches the log. Every route of the API reference (the store's and
 * Better Auth's) and every page of the route list is asked for, through the real app with its log
 * captured at its most verbose, with each path and query parameter set to a value of its own
 * shaped like a token; the value of a parameter the secret-route list names appears in no line,
 * and the request's line shows `[redacted]` in its place. Any other address is logged as it is.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORE_ROUTES } from '../../shared/routes.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { SECRET_ROUTES, type SecretRoute } from './log-redaction.ts'

interface Operation {
  parameters?: { in: string; name: string }[]
}
interface ApiReference {
  paths: Record<string, Record<string, Operation>>
}

/** One address asked for: the route it belongs to, its parameters' values and which of them are secrets. */
interface Asked {
  method: HTTPMethods
  route: string
  url: string
  secrets: string[]
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])
/** Parameters named like a secret that are not one. */
const NOT_SECRETS = new Map([['/api/admin/tax/rates/:countryCode', 'countryCode']])
const LOOKS_SECRET = /token|secret|signature|password|session|code/i

const lines: string[] = []
let t: TestApp
let clientDir: string
let reference: ApiReference

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-log-secrets-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Audio Lab Store</title></head><body><div id="root"></div></body></html>')
  t = await createTestApp({ STORE_MODE: 'live', LOG_LEVEL: 'trace' }, { clientDir, logStream: { write: (line) => void lines.push(line) } })
  reference = (await t.app.inject('/api/docs/json')).json() as ApiReference
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

/** A value no other part of the log could hold by chance. */
const tokenShaped = () => `tok3nSECRET${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`

/** The list's entry covering a route pattern (the entry's route, or an address below it). */
const entryOf = (route: string): SecretRoute | undefined => SECRET_ROUTES.find((entry) => route === entry.route || route.startsWith(`${entry.route}/`))

/** Every route as `:name` patterns with its query parameters' names: the API reference's operations, then the route list's pages. */
function everyRoute(): { method: HTTPMethods; route: string; query: string[] }[] {
  const operations = Object.entries(reference.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as HTTPMethods,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      })),
  )
  const pages = STORE_ROUTES.map((page) => {
    const pathParameters = new Set(page.path.match(/:\w+/g)?.map((name) => name.slice(1)))
    // A page declares no query: it is asked with the secrets the list names for it, and one that is not a secret.
    const query = [...(entryOf(page.path)?.secrets.filter((name) => !pathParameters.has(name)) ?? []), 'utm_source']
    return { method: 'GET' as HTTPMethods, route: page.path.replace(/\*$/, ':rest'), query }
  })
  return [...operations, ...pages]
}

/** The address of a route with every parameter set to a token-shaped value of its own. */
function ask({ method, route, query }: ReturnType<typeof everyRoute>[number]): Asked {
  const secretNames = new Set(entryOf(route)?.secrets)
  const secrets: string[] = []
  const valueOf = (name: string) => {
    const value = tokenShaped()
    if (secretNames.has(name)) secrets.push(value)
    return value
  }
  const path = route.replace(/:(\w+)/g, (_match, name: string) => valueOf(name))
  const search = query.map((name) => `${name}=${valueOf(name)}`).join('&')
  return { method, route, url: search ? `${path}?${search}` : path, secrets }
}

/** The addresses the log's request lines show. */
const loggedUrls = () =>
  lines
    .join('')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)

describe('the secret-route list', () => {
  it('names routes the store has', () => {
    const routes = everyRoute().map(({ route }) => route)
    for (const entry of SECRET_ROUTES)
      expect(
        routes.some((route) => entryOf(route) === entry),
        entry.route,
      ).toBe(true)
  })

  it('covers every parameter named like a secret', () => {
    const uncovered = everyRoute().flatMap(({ route, query }) =>
      [...(route.match(/:\w+/g)?.map((name) => name.slice(1)) ?? []), ...query]
        .filter((name) => LOOKS_SECRET.test(name) && NOT_SECRETS.get(route) !== name && !entryOf(route)?.secrets.includes(name))
        .map((name) => `${route} ${name}`),
    )
    expect(uncovered).toEqual([])
  })
})

describe('the log', () => {
  it('never shows a secret of any route, and shows [redacted] in its place', async () => {
    const asked = everyRoute().map(ask)
    for (const { method, url } of asked) {
      await t.app.inject({ method, url, headers: { origin: t.config.publicUrl }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) })
    }
    const log = lines.join('')
    const leaks = asked.flatMap(({ method, url, secrets }) => secrets.filter((secret) => log.includes(secret)).map(() => `${method} ${url}`))
    expect(leaks).toEqual([])

    const logged = new Set(loggedUrls())
    const withSecrets = asked.filter(({ secrets }) => secrets.length > 0)
    expect(withSecrets.length).toBeGreaterThanOrEqual(SECRET_ROUTES.length)
    for (const { url, secrets } of withSecrets) {
      const shown = secrets.reduce((redacted, secret) => redacted.replace(secret, '[redacted]'), url)
      expect(logged.has(shown), shown).toBe(true)
    }
  }, 120_000)

  it('shows an address without a secret as it is', async () => {
    for (const url of ['/products/some-slug', '/api/products?search=kick&key=Cm&limit=5', '/api/products/tok3nNOTsecret0']) {
      await t.app.inject(url)
      expect(loggedUrls(), url).toContain(url)
    }
  })
})
