/**
 * Real store processes for tests that must cross process boundaries (checkout races, sessions
 * and rate limits shared between processes, cache invalidation): N copies of the server entry
 * (src/server/main.ts under tsx, as `npm run dev` runs it) on ONE PostgreSQL database cloned
 * from the seeded test template, each on its own port, sharing one AUTH_SECRET, one public
 * origin (PUBLIC_URL: the first process's address), one webhook receiver (the first process)
 * and, by default, one Redis for rate limits. Under `npm run test:scale` the files and media
 * are in the suite's bucket (scale-setup.ts) and every process has a DATA_DIR of its own, as
 * machines behind a load balancer do; elsewhere the processes share one DATA_DIR with the
 * template's files linked in. Each process migrates, seeds and starts its workers as in
 * production; the harness waits for GET /healthz on every one.
 *
 * Black-box by design: tests talk to the processes over HTTP (`call`) and may read rows through
 * `db`; nothing here imports the server's services, so it keeps working while they move.
 * PostgreSQL only: PGlite is one process's file.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { inject } from 'vitest'
import { dataPaths } from '../../src/server/paths.ts'
import { cloneTemplateDatabase } from './postgres.ts'

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The server entry every process runs (what `npm run dev` watches). */
const SERVER_ENTRY = 'src/server/main.ts'
const FLEET_AUTH_SECRET = 'fleet-test-secret-that-is-long-enough-0123456789'
const HEALTH_DEADLINE_MS = 90_000
const STOP_GRACE_MS = 10_000

export interface StoreProcess {
  index: number
  /** http://127.0.0.1:PORT */
  url: string
  process: ChildProcess
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output: () => string
  /** SIGTERM (SIGKILL after a grace period); resolves when it exited. */
  stop: () => Promise<void>
}

export interface StoreFleetOptions {
  /** Extra environment for every process; overrides the harness's defaults. */
  env?: Record<string, string>
  /** Extra environment for one process (after `env`). */
  envOf?: (index: number) => Record<string, string>
  /**
   * Share rate limits through Redis (REDIS_URL = TEST_REDIS_URL or redis://127.0.0.1:6379), as
   * processes behind a load balancer do. Default true. Counters are keyed by client address:
   * give each test its own with `uniqueClientAddress()` so runs never eat each other's limits.
   */
  redis?: boolean
  /** Runs on the fleet's fresh database before any process starts (rows the processes find at start-up). */
  prepare?: (db: pg.Pool) => Promise<void>
}

export interface CallOptions {
  method?: string
  /** Sent as JSON. */
  body?: unknown
  /** A `Cookie` header value. */
  cookie?: string
  /** The client address the store sees (X-Forwarded-For; the fleet trusts 127.0.0.1 as its proxy). */
  clientAddress?: string
  /** Send the store's Origin as its own pages do (default true); false acts like curl. */
  origin?: boolean
  headers?: Record<string, string>
  /** `manual` to see a redirect instead of following it. */
  redirect?: 'follow' | 'manual'
}

/** What an API answer may hold when the caller does not name its shape: fields read defensively. */
export type LooseJson = Record<string, unknown> | null

export interface CallResult<T = LooseJson> {
  status: number
  headers: Headers
  /** The parsed JSON answer, or null when it was not JSON. */
  body: T
  text: string
}

export interface StoreFleet {
  stores: StoreProcess[]
  /** The origin every process believes is its own (PUBLIC_URL): the first process's address. */
  publicUrl: string
  /** The fleet's own database (a clone of the seeded template), dropped by stop(). */
  databaseUrl: string
  /** Each process's DATA_DIR (one shared directory when there is no bucket). */
  dataDirs: string[]
  /** STORAGE_URL of the fleet's bucket, or null when the files are on the shared disk. */
  storageUrl: string | null
  /** A small pool on the fleet's database, for assertions on rows. */
  db: pg.Pool
  /** An HTTP request to one process (by index or the process), as the store's own page sends it. */
  call: <T = LooseJson>(store: number | StoreProcess, path: string, options?: CallOptions) => Promise<CallResult<T>>
  /** Stops every process, drops the database and removes DATA_DIR. */
  stop: () => Promise<void>
}

/** A client address (100.64.0.0/10, shared address space) unlikely to be any other run's. */
export function uniqueClientAddress(): string {
  return `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(store: StoreProcess, deadlineMs = HEALTH_DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    if (store.process.exitCode !== null || store.process.signalCode !== null) {
      throw new Error(`store process ${store.index} exited (${store.process.exitCode ?? store.process.signalCode}) before it was healthy:\n${store.output()}`)
    }
    try {
      const response = await fetch(`${store.url}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`store process ${store.index} at ${store.url} was not healthy within ${deadlineMs} ms:\n${store.output()}`)
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref()
  })
}

/** Starts `count` store processes on a fresh copy of the seeded template database. */
export async function startStoreFleet(count: number, options: StoreFleetOptions = {}): Promise<StoreFleet> {
  const adminUrl = process.env.DATABASE_URL
  const template = inject('pgTemplateDatabase')
  if (!adminUrl || !template) throw new Error('startStoreFleet needs PostgreSQL (DATABASE_URL) and the seeded template of the vitest global setup')
  const clone = await cloneTemplateDatabase(adminUrl, template)
  const db = new pg.Pool({ connectionString: clone.url, max: 2 })
  db.on('error', () => {})
  await options.prepare?.(db)
  const bucket = inject('scaleBucket') ?? null
  const dataDirs = bucket ? Array.from({ length: count }, () => mkdtempSync(join(tmpdir(), 'als-fleet-'))) : [sharedDataDir()]
  const storageUrl = bucket ? `s3://${bucket.bucket}/${bucket.prefix}` : null
  const storageEnv: Record<string, string> = bucket
    ? {
        STORAGE_URL: storageUrl!,
        S3_ENDPOINT: bucket.endpoint,
        S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: bucket.accessKeyId,
        AWS_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      }
    : {}

  const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
  const publicUrl = `http://127.0.0.1:${ports[0]}`
  const redisUrl = options.redis === false ? undefined : (process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
  // Settings from the developer's shell must not leak in: Stripe keys would switch the fleet to Stripe.
  const inherited: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'PAYMENTS_PROVIDER',
    'SMTP_URL',
    'REDIS_URL',
    'TRUST_PROXY',
    'STORE_MODE',
    'SEED_DEMO',
    'STORAGE_URL',
    'S3_ENDPOINT',
    'MEDIA_BASE_URL',
  ]) {
    delete inherited[name]
  }

  const stores: StoreProcess[] = ports.map((port, index) => {
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirs[index] ?? dataDirs[0]!,
      DATABASE_URL: clone.url,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: FLEET_AUTH_SECRET,
      // The built-in provider's events go to one process, as to one address behind a load balancer.
      PAYMENTS_WEBHOOK_URL: `${publicUrl}/api/webhooks/payments`,
      // The test client is the proxy: it names each request's client address in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...storageEnv,
      ...options.env,
      ...options.envOf?.(index),
    }
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.length > 200_000) output = output.slice(-100_000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    return { index, url: `http://127.0.0.1:${port}`, process: child, output: () => output, stop: () => stopChild(child) }
  })

  const killOnExit = () => stores.forEach((store) => store.process.kill('SIGKILL'))
  process.once('exit', killOnExit)

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await Promise.all(stores.map((store) => store.stop()))
    process.removeListener('exit', killOnExit)
    await db.end()
    await clone.drop()
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  }

  const call = async <T = LooseJson>(target: number | StoreProcess, path: string, callOptions: CallOptions = {}): Promise<CallResult<T>> => {
    const store = typeof target === 'number' ? stores[target] : target
    if (!store) throw new Error(`no store process ${String(target)}`)
    const headers: Record<string, string> = { ...callOptions.headers }
    if (callOptions.origin !== false) headers.origin = publicUrl
    if (callOptions.body !== undefined) headers['content-type'] = 'application/json'
    if (callOptions.cookie) headers.cookie = callOptions.cookie
    if (callOptions.clientAddress) headers['x-forwarded-for'] = callOptions.clientAddress
    const response = await fetch(`${store.url}${path}`, {
      method: callOptions.method ?? (callOptions.body === undefined ? 'GET' : 'POST'),
      headers,
      redirect: callOptions.redirect ?? 'follow',
      ...(callOptions.body === undefined ? {} : { body: JSON.stringify(callOptions.body) }),
    })
    const text = await response.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = null
    }
    return { status: response.status, headers: response.headers, body: body as T, text }
  }

  try {
    await Promise.all(stores.map((store) => waitForHealth(store)))
  } catch (error) {
    await stop()
    throw error
  }
  return { stores, publicUrl, databaseUrl: clone.url, dataDirs, storageUrl, db, call, stop }
}

/** One DATA_DIR for every process, with the template's media and product files linked in. */
function sharedDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-fleet-'))
  const templatePaths = dataPaths(inject('templateDataDir'))
  symlinkSync(templatePaths.media, dataPaths(dataDir).media)
  symlinkSync(templatePaths.files, dataPaths(dataDir).files)
  return dataDir
}

export interface FleetShopper {
  userId: string
  email: string
  password: string
  /** `Cookie` header value carrying the session; valid on every process. */
  cookie: string
  /** The client address this shopper's requests come from. */
  clientAddress: string
}

interface MailboxMessage {
  to: string
  subject: string
  text: string
}

/**
 * A confirmed, signed-in account made over HTTP as a browser would: signs up on one process,
 * reads the confirmation mail from the shared outbox (the developer mailbox API) and follows
 * its link on another, signs in there. Its session cookie works on every process.
 */
export async function signedInShopper(
  fleet: StoreFleet,
  options: { email?: string; password?: string; name?: string; clientAddress?: string } = {},
): Promise<FleetShopper> {
  const email = options.email ?? `fleet-${Date.now().toString(36)}-${randomInt(1_000_000)}@example.com`
  const password = options.password ?? 'fleet-password-123'
  const clientAddress = options.clientAddress ?? uniqueClientAddress()
  const first = fleet.stores[0]!
  const other = fleet.stores[fleet.stores.length - 1]!

  const signUp = await fleet.call(first, '/api/auth/sign-up/email', { body: { email, password, name: options.name ?? 'Fleet Shopper' }, clientAddress })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`)

  let link: URL | undefined
  for (const deadline = Date.now() + 10_000; !link;) {
    const mailbox = await fleet.call<{ data: MailboxMessage[] }>(other, '/api/dev/mailbox', { clientAddress })
    const mail = mailbox.body?.data?.find((message) => message.to.includes(email) && /confirm/i.test(message.subject))
    const found = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('/api/auth/verify-email'))
    if (found) link = new URL(found.replace(/[.,;:!?)\]]+$/, ''))
    else if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email} in the outbox`)
    else await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // A followed link is a top-level navigation: no Origin.
  const confirmed = await fleet.call(other, `${link.pathname}${link.search}`, { origin: false, redirect: 'manual', clientAddress })
  if (confirmed.status >= 400) throw new Error(`confirmation link failed: ${confirmed.status} ${confirmed.text}`)

  const signIn = await fleet.call<{ user?: { id?: string } }>(other, '/api/auth/sign-in/email', { body: { email, password }, clientAddress })
  if (signIn.status !== 200 || !signIn.body?.user?.id) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
  return { userId: signIn.body.user.id, email, password, cookie, clientAddress }
}
