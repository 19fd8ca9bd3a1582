import { defineConfig } from 'vitest/config'

// `npm run test:scale`: the tests that start several store processes on one PostgreSQL, one
// Redis and one S3-compatible bucket (tests/support/scale-setup.ts starts the bucket). One
// file at a time: each fleet is two Node processes, and races need the cores to themselves.
export default defineConfig({
  test: {
    name: 'scale',
    include: ['src/server/**/*.scale.test.ts'],
    globalSetup: ['tests/support/scale-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
  },
})
