import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('GET /api/dev/mailbox (development)', () => {
  it('lists the outbox newest first with plain and HTML bodies', async () => {
    await t.app.mailer.send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await t.app.mailer.send({ to: 'second@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' })
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const { data } = response.json() as { data: Array<{ to: string; subject: string; text: string; html: string; from: string; sentAt: string; id: string }> }
    expect(data.map((message) => message.subject).slice(0, 2)).toEqual(['Second', 'First'])
    expect(data[0]).toMatchObject({ to: 'second@example.com', text: 'two', html: '<p>two</p>', from: 'Audio Lab Store <no-reply@audiolab.store>' })
    expect(Date.parse(data[0]!.sentAt)).not.toBeNaN()
  })
})
