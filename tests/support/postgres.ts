/** PostgreSQL helpers for tests: an admin pool on DATABASE_URL and per-file databases cloned from a template. */
import pg from 'pg'

export function adminPool(databaseUrl: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 1 })
}

/** Databases a run creates are named after its own database, so a run drops only its own. */
function runPrefix(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'als'
}

export function templateDatabaseName(databaseUrl: string, hash: string): string {
  return `${runPrefix(databaseUrl)}_tpl_${hash}`
}

/** Creates a fresh database cloned from the seeded template; returns its URL and a drop function. */
export async function cloneTemplateDatabase(databaseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${runPrefix(databaseUrl)}_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = adminPool(databaseUrl)
  await admin.query(`create database "${name}" template "${template}"`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}
