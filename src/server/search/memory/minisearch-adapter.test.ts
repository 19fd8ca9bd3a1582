/**
 * The MiniSearch adapter reads internals that are no API: it is written for one version, and
 * this fails as soon as another is installed (upgrade MiniSearch by reading its source again
 * against minisearch-adapter.ts, then change the version it declares). An engine whose internals
 * are missing or of another kind is refused when it is made, before it could score wrong.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import type { IndexedText } from './index-rows.ts'
import { TEXT_ENGINE_OPTIONS } from './index-text.ts'
import { assertKnownInternals, isWrittenFor, MINISEARCH_VERSION } from './minisearch-adapter.ts'

/** The version of the MiniSearch installed (its package.json is not among the files it exports: read beside its entry). */
function installedMiniSearchVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('minisearch'))
  while (!folder.endsWith('minisearch')) folder = dirname(folder)
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version
}

describe('the MiniSearch adapter', () => {
  it('is written for the MiniSearch installed', () => {
    const installed = installedMiniSearchVersion()
    expect(isWrittenFor(installed), `minisearch ${installed} is installed; minisearch-adapter.ts reads the internals of ${MINISEARCH_VERSION}`).toBe(true)
  })

  it('refuses any other version, patch releases of its own aside', () => {
    expect(isWrittenFor(`${MINISEARCH_VERSION}.0`)).toBe(true)
    expect(isWrittenFor(`${MINISEARCH_VERSION}.9`)).toBe(true)
    for (const other of ['7.3.0', '7.20.0', '7.1.0', '8.0.0', '6.2.0']) expect(isWrittenFor(other), other).toBe(false)
  })

  it('accepts the internals of the installed MiniSearch, empty or indexed', () => {
    const engine = new MiniSearch<IndexedText>(TEXT_ENGINE_OPTIONS)
    expect(() => assertKnownInternals(engine)).not.toThrow()
    engine.add({ id: 'a', name: 'Dusty Keys', tags: 'lofi', genre: 'Hip Hop', description: 'Warm keys' })
    expect(() => assertKnownInternals(engine)).not.toThrow()
  })

  it('refuses an engine whose internals have moved or changed kind, naming them', () => {
    const renamed = new MiniSearch<IndexedText>(TEXT_ENGINE_OPTIONS) as unknown as Record<string, unknown>
    renamed._avgFieldLengths = renamed._avgFieldLength
    delete renamed._avgFieldLength
    expect(() => assertKnownInternals(renamed as unknown as MiniSearch<IndexedText>)).toThrow(/_avgFieldLength\)/)

    const reshaped = new MiniSearch<IndexedText>(TEXT_ENGINE_OPTIONS) as unknown as Record<string, unknown>
    reshaped._documentIds = {}
    reshaped._index = { get: () => undefined, atPrefix: () => [] }
    expect(() => assertKnownInternals(reshaped as unknown as MiniSearch<IndexedText>)).toThrow(/_index\.fuzzyGet, _documentIds\)/)
  })
})
