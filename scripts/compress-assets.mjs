// After `vite build`: writes .br and .gz beside every text asset in dist/client, so the server
// (@fastify/static with preCompressed) sends compressed files without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('../dist/client', import.meta.url))
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

let before = 0
let after = 0
for await (const path of files(root)) {
  if (!COMPRESSIBLE.test(path)) continue
  const content = await readFile(path)
  if (content.length < 1024) continue
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
  await writeFile(`${path}.br`, brotli)
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }))
  before += content.length
  after += brotli.length
}
console.log(`compressed client assets: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`)
