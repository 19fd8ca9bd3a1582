// Helpers the benchmarks share: a free loopback port and waiting for a spawned server's /healthz.
import { createServer } from 'node:net'

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Resolves when `${base}/healthz` answers 2xx; rejects if the child exits or 3 minutes pass. */
export async function waitForHealth(base, child) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up')
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('server did not become healthy')
}
