// `npm start`: builds the client and server when the build is missing or older than the
// sources, then runs the compiled server (which migrates, and seeds the demo store on first run
// unless SEED_DEMO is off).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const stamp = join(root, 'dist/.build-stamp')
const inputs = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
const sourcesAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))))
if (
  builtAt < sourcesAt ||
  !existsSync(join(root, 'dist/node/store/main.js')) ||
  !existsSync(join(root, 'dist/client/index.html')) ||
  !existsSync(join(root, 'dist/ssr/entry-server.js'))
) {
  console.log('Building the store (client and server)...')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
  writeFileSync(stamp, new Date().toISOString())
}

await import(join(root, 'dist/node/store/main.js'))
