// Bundles the server that `npm start` runs (dist/node/store/main.js) with esbuild: one file for
// the start-up path and a chunk per lazily loaded part (accounts, Stripe, the PDF and tax
// documents, the demo generator), so a start reads a handful of files instead of ~1,500 modules
// and resolves no package on the way. tsc's output (dist/node/server) stays: the migrate command
// and the scripts the store forks (the embedded database's creation, the demo generator) run it.
// Packages that read files beside their own code at run time (WebAssembly, native addons, fonts,
// Swagger UI's pages) stay outside the bundle and load from node_modules as before.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}dist/node/store`
rmSync(outdir, { recursive: true, force: true })

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp', 'pdfkit', 'audio-decode', '@audio/*', '@fastify/swagger-ui', 'pg-native'],
  // CommonJS packages inside an ES module still ask for require, __filename and __dirname.
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module'",
      "import { fileURLToPath as __bundlePath } from 'node:url'",
      "import { dirname as __bundleDir } from 'node:path'",
      'const require = __bundleRequire(import.meta.url)',
      'const __filename = __bundlePath(import.meta.url)',
      'const __dirname = __bundleDir(__filename)',
    ].join(';'),
  },
})
