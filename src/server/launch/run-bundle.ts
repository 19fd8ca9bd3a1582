/**
 * Runs the store's bundle (one CommonJS file) with V8's code cache, so a restart does not
 * compile again what the last run compiled. Node 20 keeps no compile cache for ES modules
 * (`module.enableCompileCache` arrives in Node 22), so the bundle is CommonJS and compiled here
 * as Node's own loader would, with the cache V8 made of it.
 *
 * The cache is written once, when the first run without a usable cache exits or has run a
 * minute, whichever comes first: V8 then includes every function the start and the first
 * answers compiled, not only the bundle's top level. A cache that V8 refuses (another Node or
 * V8 flags) is written again; one that cannot be written (a read-only directory) only costs the
 * next start its compile.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import vm from 'node:vm'

/** How long a run without a cache waits before writing one, when it does not exit first. */
const WRITE_CACHE_AFTER_MS = 60_000

/** Where the bundle finds its import() (scripts/bundle-server.mjs makes each one call it). */
const BUNDLE_IMPORT = Symbol.for('als.bundle-import')

export type CodeCacheUse = 'accepted' | 'rejected' | 'absent' | 'off'

/**
 * Where a bundle's cache is kept: beside it, named for this Node and for the bundle's size and
 * build time. V8 checks its own version and flags, but of the source only its length, so the
 * name must change whenever the bundle does.
 */
export function codeCacheFileOf(bundle: string): string {
  const { size, mtimeMs } = statSync(bundle)
  return `${bundle}.${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8cache`
}

/** Compiles and runs `bundle` as a CommonJS module; answers whether a cache was there and used. */
export function runBundle(bundle: string, { writeCacheAfterMs = WRITE_CACHE_AFTER_MS } = {}): CodeCacheUse {
  // On Node 20 a function V8 restored from a code cache has lost what import() needs, so the
  // bundle imports through this function, made in an ES module (the launcher).
  Object.assign(globalThis, { [BUNDLE_IMPORT]: (specifier: string) => import(specifier) })
  // Node maps stack traces through the bundle's source map only for the files its loader compiled.
  if (process.sourceMapsEnabled) {
    createRequire(import.meta.url)(bundle)
    return 'off'
  }
  const cacheFile = codeCacheFileOf(bundle)
  let cachedData: Buffer | undefined
  try {
    cachedData = readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  // Node's CommonJS wrapper, on the bundle's first line so its line numbers stay the source map's.
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`
  const script = new vm.Script(source, { filename: bundle, ...(cachedData ? { cachedData } : {}) })
  const use: CodeCacheUse = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted'
  if (use !== 'accepted') writeCacheOnce(script, cacheFile, writeCacheAfterMs)
  const module = { exports: {} }
  const run = script.runInThisContext() as (...args: [object, NodeJS.Require, object, string, string]) => void
  run(module.exports, createRequire(bundle), module, bundle, dirname(bundle))
  return use
}

function writeCacheOnce(script: vm.Script, cacheFile: string, afterMs: number): void {
  // Whichever comes first writes it, and stops the other.
  const write = () => {
    clearTimeout(timer)
    process.off('exit', write)
    // Another process of the fleet may write the same file: each writes its own, then renames it over.
    const partial = `${cacheFile}.${process.pid}.partial`
    try {
      writeFileSync(partial, script.createCachedData())
      renameSync(partial, cacheFile)
    } catch {
      rmSync(partial, { force: true })
    }
  }
  const timer = setTimeout(write, afterMs)
  timer.unref()
  process.on('exit', write)
}
