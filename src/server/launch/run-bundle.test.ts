import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { codeCacheFileOf, runBundle } from './run-bundle.ts'

/** A bundle as scripts/bundle-server.mjs makes them: CommonJS, its import() through the launcher's. */
const BUNDLE = `'use strict'; const __import = globalThis[Symbol.for('als.bundle-import')];
const { appendFileSync } = require('node:fs')
function greet(name) { return 'ran for ' + name + ' in ' + require('node:path').basename(__dirname) }
appendFileSync(process.env.RUN_BUNDLE_LOG, greet('the test') + '\\n')
exports.imported = __import('node:path').then((path) => appendFileSync(process.env.RUN_BUNDLE_LOG, 'imported ' + typeof path.join + '\\n'))
`

describe('the bundle launcher', () => {
  let dir: string
  let bundle: string
  let log: string
  const cacheFiles = () => readdirSync(dir).filter((name) => name.endsWith('.v8cache'))
  /** Runs the bundle and waits for the cache it writes at once (a real run writes it at exit or after a minute). */
  async function run() {
    const use = runBundle(bundle, { writeCacheAfterMs: 0 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    return use
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'als-bundle-'))
    bundle = join(dir, 'server.cjs')
    log = join(dir, 'runs.log')
    writeFileSync(bundle, BUNDLE)
    process.env.RUN_BUNDLE_LOG = log
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
    delete process.env.RUN_BUNDLE_LOG
  })

  it('runs the bundle, writes its code cache, and the next start compiles from that cache', async () => {
    expect(await run()).toBe('absent')
    expect(cacheFiles()).toEqual([codeCacheFileOf(bundle).slice(dir.length + 1)])
    expect(await run()).toBe('accepted')
    // Both runs did the bundle's work, the second with functions restored from the cache, import() included.
    expect(readFileSync(log, 'utf8')).toBe(`ran for the test in ${dir.split('/').pop()}\nimported function\n`.repeat(2))
  })

  it('refuses a cache V8 did not make for this bundle, still runs, and writes it again', async () => {
    writeFileSync(codeCacheFileOf(bundle), Buffer.from('not a code cache from this Node'))
    expect(await run()).toBe('rejected')
    expect(readFileSync(log, 'utf8')).toContain('ran for the test')
    expect(await run()).toBe('accepted')
  })

  it('names the cache for the build, so an edited bundle of the same length never meets the older cache', async () => {
    await run()
    const before = codeCacheFileOf(bundle)
    writeFileSync(bundle, BUNDLE.replace('the test', 'the TEST'))
    const later = new Date(statSync(bundle).mtimeMs + 5_000)
    utimesSync(bundle, later, later)
    expect(codeCacheFileOf(bundle)).not.toBe(before)
    expect(await run()).toBe('absent')
    expect(readFileSync(log, 'utf8')).toContain('ran for the TEST')
  })
})
