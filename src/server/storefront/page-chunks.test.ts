/**
 * A page the server renders names its own page's script chunks in its head, from the client
 * build's manifest, so the browser fetches them with the page: the page module's chunk and every
 * chunk it imports, once each, not those the page names already, and none for a page the browser
 * renders alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="als-config" content="%ALS_CONFIG%" />
    <title>Audio Lab Store</title>
    <script type="module" crossorigin src="/assets/index-Aa11.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Bb22.js">
  </head>
  <body><div id="root"></div></body>
</html>`

const MANIFEST = {
  'index.html': { file: 'assets/index-Aa11.js', isEntry: true, imports: ['_react-Bb22.js'] },
  '_react-Bb22.js': { file: 'assets/react-Bb22.js' },
  '_ProductGrid-Cc33.js': { file: 'assets/ProductGrid-Cc33.js', imports: ['_react-Bb22.js', '_prices-Dd44.js'] },
  '_prices-Dd44.js': { file: 'assets/prices-Dd44.js' },
  'src/client/features/catalog/routes/ProductsPage.tsx': {
    file: 'assets/ProductsPage-Ee55.js',
    isDynamicEntry: true,
    imports: ['_react-Bb22.js', '_ProductGrid-Cc33.js', '_prices-Dd44.js'],
  },
  'src/client/features/content/routes/AboutPage.tsx': { file: 'assets/AboutPage-Ff66.js', isDynamicEntry: true, imports: ['_react-Bb22.js'] },
}

let t: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-client-chunks-'))
  mkdirSync(join(clientDir, '.vite'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  t = await createTestApp({ STORE_MODE: 'live' }, { clientDir, renderPages: true })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
const preloadedIn = (html: string) => [...headOf(html).matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1])

describe("a rendered page's chunks", () => {
  it("are named in the page's head: its own chunk, then what it imports, each once and at low priority", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/products' })
    expect(page.statusCode).toBe(200)
    expect(preloadedIn(page.body)).toEqual(['/assets/react-Bb22.js', '/assets/ProductsPage-Ee55.js', '/assets/ProductGrid-Cc33.js', '/assets/prices-Dd44.js'])
    expect(headOf(page.body)).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ProductsPage-Ee55.js">')
  })

  it("are the page's own at each address", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/about' })
    expect(preloadedIn(page.body)).toEqual(['/assets/react-Bb22.js', '/assets/AboutPage-Ff66.js'])
  })

  it('are not named for a page the browser renders alone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cart' })
    expect(page.statusCode).toBe(200)
    expect(preloadedIn(page.body)).toEqual(['/assets/react-Bb22.js'])
  })
})
