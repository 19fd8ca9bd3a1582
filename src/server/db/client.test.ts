/** The embedded database holds the page cache it is given: 32MB unless PGLITE_SHARED_BUFFERS says otherwise. */
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
