// Proves something only on PostgreSQL (node scripts/test-pg.mjs), where the requests really
// overlap on separate connections; PGlite runs them one after another.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailSignups } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

it('keeps exactly one row when the same email signs up 10 times at once, and answers all of them with success', async () => {
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/email-signup',
        remoteAddress: `10.2.0.${index + 1}`,
        payload: { email: index % 2 ? 'Race@Example.com' : 'race@example.com', subscriptionType: 'coming_soon', source: 'coming_soon_page' },
      }),
    ),
  )
  expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200))
  const messages = responses.map((response) => response.json<{ message: string }>().message)
  expect(messages.filter((message) => message === "Thanks! We'll let you know when we launch.")).toHaveLength(1)
  expect(messages.filter((message) => message === "You're already on the list — we'll be in touch.")).toHaveLength(9)
  expect(await t.database.db.select().from(emailSignups).where(eq(emailSignups.email, 'race@example.com'))).toHaveLength(1)
})
