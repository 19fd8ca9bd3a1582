// Runs the test suite against PostgreSQL: creates a fresh database for this run on the server
// at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test), runs vitest with
// DATABASE_URL pointing at it, and drops it afterwards. Arguments go to vitest: file filters,
// or `--config vitest.scale.config.ts` for the fleet tests (npm run test:scale).
//
// `--where-postgres-differs` (CI's run) takes the server's test files where PostgreSQL behaves
// unlike PGlite, by the rule of `differsOnPostgres` below, instead of all of them; every file
// still runs on PGlite in `npm test`, and `npm run test:pg` still runs them all on PostgreSQL.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

const WHERE_POSTGRES_DIFFERS = '--where-postgres-differs'

/**
 * A server test file runs on PostgreSQL in CI when PostgreSQL can answer it differently from
 * PGlite, which is the same PostgreSQL on one connection in one process. The rule reads the
 * file, so a new test is placed by what it does, not by a list to keep:
 * - it starts work at once (`Promise.all`, `Promise.allSettled`): requests or transactions
 *   that PGlite's one connection takes one after another overlap on PostgreSQL's pool
 *   (races, row locks, SKIP LOCKED claims, unique violations, deadlocks);
 * - it asks which database it is on, or opens one of its own (`process.env.DATABASE_URL`,
 *   `database.kind`, `openDatabase(`): it has tests or steps of PostgreSQL's own (a second pool
 *   on the same database, LISTEN on a connection of its own, a fresh database to migrate);
 * - it starts processes (`node:child_process`): the server or the owner CLI beside the test;
 * - it tests the database layer (`src/server/db/`: the client, migrations, the seed);
 * - its name says it races (`*-races`, `*.race`, `*.concurrency`).
 * Migrations and the seed also run on PostgreSQL whatever the files: the run's template is
 * migrated and seeded there (tests/support/global-setup.ts).
 */
function differsOnPostgres(path) {
  const source = readFileSync(path, 'utf8')
  return (
    /\bPromise\.all(?:Settled)?\(/.test(source) ||
    /\bprocess\.env\.DATABASE_URL\b|\bdatabase\.kind\b|\bopenDatabase\(/.test(source) ||
    /['"]node:child_process['"]/.test(source) ||
    path.startsWith('src/server/db/') ||
    /[.-](?:races?|concurrency)\.test\.ts$/.test(path)
  )
}

/** The server project's files (vitest.config.ts): src/server and src/demo-catalog, without the fleet tests. */
function serverTestFiles() {
  return ['src/server', 'src/demo-catalog']
    .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((path) => join(root, path).replaceAll('\\', '/')))
    .filter((path) => path.endsWith('.test.ts') && !path.endsWith('.scale.test.ts'))
    .sort()
}

let vitestArgs = process.argv.slice(2)
if (vitestArgs.includes(WHERE_POSTGRES_DIFFERS)) {
  const all = serverTestFiles()
  const differing = all.filter(differsOnPostgres)
  console.log(`PostgreSQL: ${differing.length} of the ${all.length} server test files, those where PostgreSQL behaves unlike PGlite (scripts/test-pg.mjs)`)
  vitestArgs = [...vitestArgs.filter((arg) => arg !== WHERE_POSTGRES_DIFFERS), '--project', 'server', ...differing]
}

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const name = `als_run_${Date.now().toString(36)}_${process.pid}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`create database "${name}"`)
const url = new URL(adminUrl)
url.pathname = `/${name}`

const result = spawnSync('npx', ['vitest', 'run', ...vitestArgs], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
})

// The run's template and per-file databases are named after the run's database: drop those only.
const { rows } = await admin.query(`select datname from pg_database where datname = $1 or datname like $2`, [name, `${name}\\_%`])
for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`)
await admin.end()
process.exit(result.status ?? 1)
