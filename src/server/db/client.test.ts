/**
 * The embedded database holds the page cache it is given: 32MB unless PGLITE_SHARED_BUFFERS says
 * otherwise. A listener has heard every notification committed before it asked to catch up, on
 * the database the suite runs on (PostgreSQL delivers them on a connection of their own).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'

describe('openDatabase on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'als-client-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const sharedBuffersOf = async (pgliteSharedBuffers?: string) => {
    const database = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers })
    try {
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }
      return result.rows[0]?.shared_buffers
    } finally {
      await database.close()
    }
  }

  it('starts with a 32MB page cache, or the size it is given', async () => {
    expect(await sharedBuffersOf()).toBe('32MB')
    expect(await sharedBuffersOf('48MB')).toBe('48MB')
  })
})

describe('listening for notifications', () => {
  const dir = mkdtempSync(join(tmpdir(), 'als-listen-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('has heard every notification committed before it caught up', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: dir })
    let heard = 0
    const listening = await database.listen('als_test_changes', () => heard++)
    try {
      for (let sent = 1; sent <= 20; sent++) {
        await database.db.execute(sql`select pg_notify('als_test_changes', '')`)
        await listening.caughtUp()
        expect(heard).toBe(sent)
      }
    } finally {
      await listening.stop()
      await database.close()
    }
  })
})
