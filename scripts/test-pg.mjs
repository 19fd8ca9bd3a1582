// Runs the test suite against PostgreSQL: creates a fresh database for this run on the server
// at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test), runs vitest with
// DATABASE_URL pointing at it, and drops it afterwards. Arguments go to vitest: file filters,
// or `--config vitest.scale.config.ts` for the fleet tests (npm run test:scale).
import { spawnSync } from 'node:child_process'
import pg from 'pg'

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const name = `als_run_${Date.now().toString(36)}_${process.pid}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`create database "${name}"`)
const url = new URL(adminUrl)
url.pathname = `/${name}`

const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
})

// The run's template and per-file databases are named after the run's database: drop those only.
const { rows } = await admin.query(`select datname from pg_database where datname = $1 or datname like $2`, [name, `${name}\\_%`])
for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`)
await admin.end()
process.exit(result.status ?? 1)
