/** PostgreSQL helpers for tests: an admin pool on DATABASE_URL and per-file databases cloned from a template. */
import pg from 'pg'

export function adminPool(databaseUrl: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 1 })
}

export function templateDatabaseName(hash: string): string {
  return `als_template_${hash}`
}

/** Creates a fresh database cloned from the seeded template; returns its URL and a drop function. */
export async function cloneTemplateDatabase(databaseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `als_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
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
