import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Server tests share one generated demo catalog (global setup); client tests opt into
// happy-dom per file. With DATABASE_URL set, server tests run on PostgreSQL instead of PGlite.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
