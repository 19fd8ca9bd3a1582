// What the download benchmarks share: a random file of N MiB with its sha256, a process's memory
// from /proc, draining a stream while counting (and hashing) it, and a buyer with a COMPLETED
// order for one product on a running store (signed up over HTTP, confirmed and ordered in SQL).
import { createHash, randomFillSync } from 'node:crypto'
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'
import { get } from 'node:http'
import pg from 'pg'

export const MiB = 1024 * 1024

/** Writes `bytes` random bytes in 1 MiB blocks; answers their sha256. */
export function writeRandomFile(path, bytes) {
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
export function procMemory(pid, field = 'VmRSS') {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : NaN
}

/** Drains a readable, counting bytes and optionally hashing them; answers bytes and seconds. */
export function drain(stream, hash) {
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

export function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject))
}

export async function json(response) {
  const body = await response.json()
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`)
  return body
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak it saw. */
export function sampleMemory(pid, everyMs = 20) {
  let peak = procMemory(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, procMemory(pid))
  }, everyMs)
  return () => {
    clearInterval(timer)
    return Math.max(peak, procMemory(pid))
  }
}

/**
 * A product selling the file under `storageKey` (of `fileBytes`) and a signed-in buyer with a
 * COMPLETED order of it with 100 downloads; answers what `POST /api/downloads` needs.
 */
export async function buyerOfFile({ base, databaseUrl, storageKey, fileBytes }) {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const {
      rows: [product],
    } = await db.query(
      `insert into products (name, price_cents, file_url, file_size, download_limit) values ('Bench Multitracks', 100, $1, $2, 100) returning id`,
      [storageKey, fileBytes],
    )
    const email = `bench-${Date.now().toString(36)}@example.com`
    const password = 'correct horse battery'
    const headers = { 'content-type': 'application/json', origin: base }
    await json(await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name: 'Bench' }) }))
    await db.query(`update "user" set email_verified = true where email = $1`, [email])
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) })
    const { user } = await json(signIn)
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
    const {
      rows: [order],
    } = await db.query(
      `insert into orders (user_id, customer_email, status, checkout_type, subtotal_cents, total_amount_cents, payment_provider, cart_fingerprint, completed_at)
       values ($1, $2, 'COMPLETED', 'direct', 100, 100, 'builtin', 'bench', now()) returning id`,
      [user.id, email],
    )
    const {
      rows: [item],
    } = await db.query(
      `insert into order_items (order_id, product_id, quantity, price_cents, download_limit, downloads_remaining) values ($1, $2, 1, 100, 100, 100) returning id`,
      [order.id, product.id],
    )
    /** Spends one download; answers the signed URL's path. */
    const grant = async () =>
      (
        await json(
          await fetch(`${base}/api/downloads`, {
            method: 'POST',
            headers: { ...headers, cookie },
            body: JSON.stringify({ orderItemId: item.id, productId: product.id }),
          }),
        )
      ).downloadUrl
    return { grant }
  } finally {
    await db.end()
  }
}

/** A fresh PostgreSQL database for one bench run; `drop` removes it. */
export async function benchDatabase(adminUrl, prefix) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const name = `${prefix}_${Date.now().toString(36)}`
  await admin.query(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}
