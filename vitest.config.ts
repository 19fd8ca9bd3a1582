import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Two projects: `server` tests share one generated demo catalog (global setup) and run on
// PostgreSQL when DATABASE_URL is set; `web` holds the pure shared logic and the React
// components (happy-dom per file), which need no database. The `*.scale.test.ts` files start
// fleets of store processes on a bucket: they run in `npm run test:scale` (vitest.scale.config.ts).
//
// Files of a worker share one module graph (isolate: false): importing the app and its
// libraries again for every file cost ~3 s a file, most of the suite's time. Each file still
// builds its own app on its own database. A file that replaces modules (vi.mock) needs a graph
// of its own: the web ones run isolated in `web-mocked`; the server's tests pass their
// stand-ins to buildApp instead, and this config refuses a server test that mocks.

const SERVER_TESTS = /^src\/(server|demo-catalog)\/.*\.test\.ts$/
const WEB_TESTS = /^src\/(shared\/.*\.test\.ts|client\/.*\.test\.tsx?)$/
const SCALE_TESTS = /\.scale\.test\.ts$/

const testFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((path) => join('src', path).replaceAll('\\', '/'))
  .filter((path) => /\.test\.tsx?$/.test(path))
const mocksModules = (path: string) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))

const serverTests = testFiles.filter((path) => SERVER_TESTS.test(path) && !SCALE_TESTS.test(path))
const mockingServerTests = serverTests.filter(mocksModules)
if (mockingServerTests.length > 0) {
  throw new Error(`Server tests share modules and may not vi.mock; pass the stand-in to buildApp or the service instead: ${mockingServerTests.join(', ')}`)
}
const mockingWebTests = testFiles.filter((path) => WEB_TESTS.test(path) && mocksModules(path))

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The default output, then the ten files that cost the run the most (CI prints it for each suite).
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/demo-catalog/**/*.test.ts'],
          exclude: ['src/**/*.scale.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          exclude: mockingWebTests,
          setupFiles: ['tests/support/client/async-timeout.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-mocked',
          include: mockingWebTests,
          setupFiles: ['tests/support/client/async-timeout.ts'],
        },
      },
    ],
  },
})
