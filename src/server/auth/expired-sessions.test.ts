/** The hourly clean-up removes sessions and email links past their expiry, and nothing else. */
import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { session, user, verification } from '../db/schema.ts'
import { removeExpiredSessions } from './expired-sessions.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

it('removes expired sessions and email links, keeping the live ones', async () => {
  const userId = randomUUID()
  await t.database.db.insert(user).values({ id: userId, name: 'Expiring', email: `${userId}@example.com` })
  const hour = 60 * 60 * 1000
  const sessionRow = (id: string, offset: number) => ({ id, userId, token: `token-${id}`, expiresAt: new Date(Date.now() + offset) })
  await t.database.db.insert(session).values([sessionRow('expired-1', -hour), sessionRow('expired-2', -1000), sessionRow('live', hour)])
  await t.database.db.insert(verification).values([
    { id: 'link-expired', identifier: 'reset', value: 'x', expiresAt: new Date(Date.now() - hour) },
    { id: 'link-live', identifier: 'reset', value: 'y', expiresAt: new Date(Date.now() + hour) },
  ])

  expect(await removeExpiredSessions(t.database.db)).toEqual({ sessions: 2, links: 1 })
  const sessions = await t.database.db
    .select({ id: session.id })
    .from(session)
    .where(inArray(session.id, ['expired-1', 'expired-2', 'live']))
  expect(sessions.map((row) => row.id)).toEqual(['live'])
  const links = await t.database.db
    .select({ id: verification.id })
    .from(verification)
    .where(inArray(verification.id, ['link-expired', 'link-live']))
  expect(links.map((row) => row.id)).toEqual(['link-live'])
})
