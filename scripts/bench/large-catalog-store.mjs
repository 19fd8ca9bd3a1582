// The store as the large-catalog case runs it: built (dist/), spawned with its environment and the
// case's preload (large-catalog-preload.mjs), timed from spawn to its first faceted list answered
// 200, and its memory read: VmRSS from /proc/<pid>/status and V8's figures after a full collection.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { freePort } from './server-process.mjs'

/** The list a shopper opens first: the whole catalog with the filter panel. */
const FIRST_LIST_PATH = '/api/products?facets=1&limit=24'
const PRELOAD = fileURLToPath(new URL('./large-catalog-preload.mjs', import.meta.url))
const START_TIMEOUT_MS = 5 * 60_000

/** The resident set of process `pid` in bytes (VmRSS), and its peak (VmHWM). */
export function residentMemoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kilobytes('VmRSS') * 1024, peak: kilobytes('VmHWM') * 1024 }
}

/**
 * Spawns the store with `env` and resolves once `readyPath` answers 200 (polled every 20 ms from
 * the spawn): { base, pid, firstListMs (from the spawn to that answer), memory(), stop() }.
 */
export async function startStore(env, { readyPath = FIRST_LIST_PATH } = {}) {
  const port = await freePort()
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, ['--expose-gc', '--import', PRELOAD, 'dist/node/store/main.js'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  const base = `http://127.0.0.1:${port}`
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the store exited (${child.exitCode}) before answering ${readyPath}`)
      if (performance.now() - spawnedAt > START_TIMEOUT_MS) throw new Error(`the store did not answer ${readyPath} within 5 minutes`)
      const status = await fetch(`${base}${readyPath}`).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      )
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } catch (error) {
    await stop()
    throw error
  }
  const firstListMs = Math.round(performance.now() - spawnedAt)

  /** The store's memory after a full garbage collection: VmRSS and its peak, and V8's heap in use. */
  const memory = async () => {
    const usage = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the store did not answer its memory')), 30_000)
      child.once('message', (message) => {
        clearTimeout(timer)
        resolve(message)
      })
      child.send('memory')
    })
    return { ...residentMemoryOf(child.pid), heapUsed: usage.heapUsed, external: usage.external }
  }
  return { base, pid: child.pid, firstListMs, memory, stop }
}
