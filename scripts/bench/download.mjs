// Download benchmark: starts the built server (npm run build first) on a fresh data directory
// and a fresh PostgreSQL database, stores a 1 GiB product file, makes a verified user with a
// COMPLETED order for it, asks for a download grant over HTTP and fetches the signed URL
// (streamed, never buffered) while sampling the server's RSS from /proc. Beside it, a plain
// fs.createReadStream read of the same file in this process. Prints MB/s and peak RSS.
// Usage: node scripts/bench/download.mjs [--size-mib 1024] [--rounds 2]
import { spawn } from 'node:child_process'
import { createHash, randomFillSync } from 'node:crypto'
import { closeSync, createReadStream, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '1024' }, rounds: { type: 'string', default: '2' } } })
const MiB = 1024 * 1024
const fileBytes = Number(values['size-mib']) * MiB
const rounds = Number(values.rounds)
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const storageKey = 'products/bench-multitracks.zip'

/** Writes `bytes` random bytes in 1 MiB blocks; answers their sha256. */
function writeFile(path, bytes) {
  const hash = createHash('sha256')
  const block = Buffer.alloc(MiB)
  const fd = openSync(path, 'w')
  for (let written = 0; written < bytes; written += MiB) {
    randomFillSync(block)
    writeSync(fd, block)
    hash.update(block)
  }
  closeSync(fd)
  return hash.digest('hex')
}

/** Resident set size of a process in bytes (VmRSS), or its peak (VmHWM). */
function procMemory(pid, field = 'VmRSS') {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : NaN
}

/** Drains a readable, counting bytes and optionally hashing them; answers bytes and seconds. */
function drain(stream, hash) {
  const started = process.hrtime.bigint()
  let bytes = 0
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk) => {
      bytes += chunk.length
      hash?.update(chunk)
    })
    stream.on('end', () => resolve({ bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 }))
    stream.on('error', reject)
  })
}

function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject))
}

async function json(response) {
  const body = await response.json()
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`)
  return body
}

const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-dl-'))
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
const database = `als_bench_dl_${Date.now().toString(36)}`
await admin.query(`create database "${database}"`)
const databaseUrl = new URL(adminUrl)
databaseUrl.pathname = `/${database}`

let child
try {
  mkdirSync(join(dataDir, 'files/products'), { recursive: true })
  const filePath = join(dataDir, 'files', storageKey)
  process.stdout.write(`Writing a ${fileBytes / MiB} MiB file... `)
  const fileHash = writeFile(filePath, fileBytes)
  console.log('done')

  const port = await freePort()
  const base = `http://localhost:${port}`
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn', STORE_MODE: 'live', NODE_ENV: 'development', PUBLIC_URL: base }
  child = spawn(process.execPath, ['dist/node/server/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  process.stdout.write('Starting the built server (seeds the demo catalog on a fresh data directory)... ')
  await waitForHealth(base, child)
  console.log('ready')

  const db = new pg.Client({ connectionString: databaseUrl.toString() })
  await db.connect()
  const { rows: [product] } = await db.query(
    `insert into products (name, price_cents, file_url, file_size, download_limit) values ('Bench Multitracks', 100, $1, $2, 100) returning id`,
    [storageKey, fileBytes],
  )

  // A user through the real sign-up, verified in SQL, then signed in for a session cookie.
  const email = `bench-${Date.now().toString(36)}@example.com`
  const password = 'correct horse battery'
  const headers = { 'content-type': 'application/json', origin: base }
  await json(await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name: 'Bench' }) }))
  await db.query(`update "user" set email_verified = true where email = $1`, [email])
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) })
  const { user } = await json(signIn)
  const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ')

  const { rows: [order] } = await db.query(
    `insert into orders (user_id, customer_email, status, checkout_type, subtotal_cents, total_amount_cents, payment_provider, cart_fingerprint, completed_at)
     values ($1, $2, 'COMPLETED', 'direct', 100, 100, 'builtin', 'bench', now()) returning id`,
    [user.id, email],
  )
  const { rows: [item] } = await db.query(
    `insert into order_items (order_id, product_id, quantity, price_cents, download_limit, downloads_remaining) values ($1, $2, 1, 100, 100, 100) returning id`,
    [order.id, product.id],
  )
  await db.end()

  const results = []
  const serverPid = child.pid
  for (let round = 1; round <= rounds; round++) {
    globalThis.gc?.()
    const disk = await drain(createReadStream(filePath, { highWaterMark: 256 * 1024 }))
    results.push({ path: `disk: fs.createReadStream (round ${round})`, MiB: disk.bytes / MiB, 'MB/s': Math.round(disk.bytes / 1e6 / disk.seconds), 'server RSS before MiB': '', 'server peak RSS MiB': '', 'sha256 ok': '' })

    const grant = await json(await fetch(`${base}/api/downloads`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ orderItemId: item.id, productId: product.id }) }))
    const before = procMemory(serverPid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, procMemory(serverPid))
    }, 20)
    const hash = round === rounds ? createHash('sha256') : undefined
    const response = await httpGet(`${base}${grant.downloadUrl}`)
    if (response.statusCode !== 200) throw new Error(`download answered ${response.statusCode}`)
    const http = await drain(response, hash)
    clearInterval(sampler)
    peak = Math.max(peak, procMemory(serverPid))
    if (http.bytes !== fileBytes) throw new Error(`received ${http.bytes} of ${fileBytes} bytes`)
    results.push({
      path: `HTTP: signed URL${hash ? ' + sha256' : ''} (round ${round})`,
      MiB: http.bytes / MiB,
      'MB/s': Math.round(http.bytes / 1e6 / http.seconds),
      'server RSS before MiB': Math.round(before / MiB),
      'server peak RSS MiB': Math.round(peak / MiB),
      'sha256 ok': hash ? String(hash.digest('hex') === fileHash) : '',
    })
  }
  const lifetimePeak = procMemory(serverPid, 'VmHWM')

  console.log(`\nDownload of a ${fileBytes / MiB} MiB file: built server on PostgreSQL, loopback HTTP, one connection\n`)
  console.table(results)
  console.log(`Server VmHWM over its whole life (start-up and seeding included): ${Math.round(lifetimePeak / MiB)} MiB`)
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  rmSync(dataDir, { recursive: true, force: true })
  await admin.query(`drop database if exists "${database}" with (force)`)
  await admin.end()
}
