// The JavaScript the browser loads before a storefront page is interactive, from the build's
// manifest: the entry and the app shell it starts after the first paint (src/client/main.tsx),
// each with its static imports ("shell"), and each page's chunk with its own, in the bytes the
// server sends (brotli where the build wrote it). Usage: node scripts/bench/first-load.mjs
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const client = 'dist/client'
const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8'))
const sentBytes = (file) => (existsSync(join(client, `${file}.br`)) ? statSync(join(client, `${file}.br`)) : statSync(join(client, file))).size

function closure(keys) {
  const seen = new Set()
  const walk = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) walk(imported)
  }
  keys.forEach(walk)
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))
}

const SHELL = ['index.html', 'src/client/app/start-app.tsx']
const TARGET_KB = 100
const rows = {}
// Each page's module as route-pages.ts loads it (a page that puts features together is the app's).
for (const [name, page] of [
  ['/', 'src/client/features/catalog/routes/HomePage.tsx'],
  ['/products', 'src/client/features/catalog/routes/ProductsPage.tsx'],
  ['/products/{id}', 'src/client/app/routes/ProductDetailPage.tsx'],
  ['/{category}', 'src/client/app/routes/CategoryPage.tsx'],
]) {
  const files = closure([...SHELL, page])
  const entryFiles = closure(SHELL)
  rows[name] = {
    files: files.length,
    'shell KB': (entryFiles.reduce((sum, file) => sum + sentBytes(file), 0) / 1024).toFixed(1),
    'page KB': (files.filter((file) => !entryFiles.includes(file)).reduce((sum, file) => sum + sentBytes(file), 0) / 1024).toFixed(1),
    'total KB': (files.reduce((sum, file) => sum + sentBytes(file), 0) / 1024).toFixed(1),
  }
}
console.log('JavaScript before a page is interactive (brotli, as sent)')
console.table(rows)
console.log(`target: ${TARGET_KB} KB`)
