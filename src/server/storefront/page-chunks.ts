/**
 * The script chunks of a rendered page's own module, read from the client build's manifest
 * (dist/client/.vite/manifest.json): the page's head names them as module preloads, so the browser
 * fetches them with the page (at low priority, behind the painted page and its lead image) rather
 * than once the app has started. The app's loader then finds them named already and inserts no
 * preload link of its own: on a phone, inserting a dozen such links while the app starts was a
 * main-thread task of 60–150 ms.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ManifestChunk {
  file: string
  imports?: string[]
}

type Manifest = Record<string, ManifestChunk>

/** The preload tags of a page module's chunk and every chunk it imports, less those the page names already. */
export type PageChunkPreloads = (pageModule: string) => string

export function readPageChunkPreloads(clientDir: string, pageHtml: string): PageChunkPreloads {
  const manifestFile = join(clientDir, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return () => ''
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const kept = new Map<string, string>()
  return (pageModule) => {
    let tags = kept.get(pageModule)
    if (tags === undefined) {
      tags = chunkFiles(manifest, pageModule)
        .map((file) => `/${file}`)
        .filter((href) => !pageHtml.includes(`href="${href}"`))
        .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
        .join('')
      kept.set(pageModule, tags)
    }
    return tags
  }
}

/** The module's chunk first, then the chunks it imports, each once (an unknown module has none). */
function chunkFiles(manifest: Manifest, pageModule: string): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(pageModule)
  return files
}
