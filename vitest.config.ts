import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Two projects: `server` tests share one generated demo catalog (global setup) and run on
// PostgreSQL when DATABASE_URL is set; `web` holds the pure shared logic and the React
// components (happy-dom per file), which need no database. The `*.scale.test.ts` files start
// fleets of store processes on a bucket: they run in `npm run test:scale` (vitest.scale.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/demo-catalog/**/*.test.ts'],
          exclude: ['src/**/*.scale.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
