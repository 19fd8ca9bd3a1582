// Bundles the server that `npm start` runs with esbuild, into one CommonJS file
// (dist/node/store/server.cjs), so a start reads one file instead of ~1,500 modules and resolves
// no package on the way. Beside it, dist/node/store/main.js runs that file with V8's code cache
// (src/server/launch/run-bundle.ts): a restart does not compile again what the last run compiled,
// which Node 20 offers for CommonJS only. The parts loaded on first use (accounts, Stripe, the PDF
// and tax documents, the demo generator) are in the same file but run only when first used.
// tsc's output (dist/node/server) stays: the migrate command and the scripts the store forks (the
// embedded database's creation, the demo generator) run it.
// Packages that read files beside their own code at run time (WebAssembly, native addons, fonts,
// Swagger UI's pages) stay outside the bundle and load from node_modules as before.
import { parse } from 'acorn'
import { build } from 'esbuild'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}dist/node/store`
rmSync(outdir, { recursive: true, force: true })

const external = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp', 'pdfkit', 'audio-decode', '@audio/*', '@fastify/swagger-ui', 'pg-native']
const common = { absWorkingDir: root, outdir, bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning' }

await build({
  ...common,
  entryPoints: { server: 'src/server/main.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  sourcemap: 'linked',
  external,
  // Modules that find files from their own URL find them from the bundle's.
  define: { 'import.meta.url': '__bundleUrl' },
  // Strict like the ES modules it is made of: the banner comes before esbuild's own "use strict".
  banner: {
    js: "'use strict'; const __bundleUrl = require('node:url').pathToFileURL(__filename).href; const __import = globalThis[Symbol.for('als.bundle-import')];",
  },
})
await build({ ...common, entryPoints: { main: 'src/server/launch/launcher.ts' }, format: 'esm' })

// Two rewrites of the bundle's text, from its syntax tree (acorn) where it matters:
// - Each dynamic import() calls the launcher's import instead (src/server/launch/run-bundle.ts): on
//   Node 20, a function V8 restored from the code cache has lost the callback import() needs.
// - esbuild leaves comments and regular expressions as written. One character past ASCII makes V8
//   hold the whole source as two bytes a character (16 MB instead of 8), so each is written as its
//   escape, which means the same in a string, a regular expression, an identifier or a comment.
const bundle = `${outdir}/server.cjs`
const built = readFileSync(bundle, 'utf8')
const imports = []
const pending = [parse(built, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true })]
while (pending.length > 0) {
  const node = pending.pop()
  if (node.type === 'ImportExpression') imports.push(node.start)
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (typeof child?.type === 'string') pending.push(child)
  }
}
// A package left outside the bundle that is only an ES module must be loaded with import(): a
// require() of it (esbuild's form of a static import in CommonJS) gets its namespace, not its default.
for (const [, name] of built.matchAll(/require\("((?:@[^/"]+\/)?[^/"]+)[^"]*"\)/g)) {
  if (!external.some((pattern) => pattern === name || pattern.startsWith(`${name}/`))) continue
  const manifestFile = `${root}node_modules/${name}/package.json`
  if (!existsSync(manifestFile)) continue // an optional package not installed (pg-native)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  if (manifest.type === 'module' && !JSON.stringify(manifest.exports ?? {}).includes('"require"'))
    throw new Error(`server.cjs: ${name} is an ES module only; import it with import() where it is used`)
}
let rewritten = built
for (const at of imports.sort((a, b) => b - a)) {
  if (!rewritten.startsWith('import', at)) throw new Error(`server.cjs: no import() at ${at}`)
  rewritten = `${rewritten.slice(0, at)}__import${rewritten.slice(at + 'import'.length)}`
}
const escaped = rewritten.replace(/\\?[^\x00-\x7f]/gu, (found) => {
  if (found.startsWith('\\')) throw new Error(`server.cjs: an escaped non-ASCII character (${found}) would change meaning once escaped again`)
  return Array.from({ length: found.length }, (_, index) => `\\u${found.charCodeAt(index).toString(16).padStart(4, '0')}`).join('')
})
writeFileSync(bundle, escaped)
console.log(`server bundle: ${imports.length} dynamic imports through the launcher`)
