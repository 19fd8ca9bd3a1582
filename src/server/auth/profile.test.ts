import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from './auth.schema.ts'
import { browserRequest, createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let dana: SignedInUser
let eli: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  dana = await createSignedInUser(t, { name: 'Dana Beats' })
  eli = await createSignedInUser(t, { name: '' })
})
afterAll(async () => t?.close())

const getProfile = (cookie?: string) => browserRequest(t, { method: 'GET', url: '/api/profile', ...(cookie ? { cookie } : {}) })
const patchProfile = (payload: object, cookie?: string) => browserRequest(t, { method: 'PATCH', url: '/api/profile', payload, ...(cookie ? { cookie } : {}) })

describe('GET /api/profile', () => {
  it("answers the signed-in user's own profile", async () => {
    const response = await getProfile(dana.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const { data } = response.json()
    expect(data).toEqual({
      id: dana.id,
      email: dana.email,
      full_name: 'Dana Beats',
      product_update_emails: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    expect(Date.now() - Date.parse(data.created_at)).toBeLessThan(5 * 60_000)

    expect((await getProfile(eli.cookie)).json().data).toMatchObject({ id: eli.id, email: eli.email, full_name: '' })
  })

  it('answers 401 without a session or with a made-up cookie', async () => {
    for (const response of [await getProfile(), await getProfile('als.session_token=made-up.value')]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ error: { message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' } })
    }
  })
})

describe('PATCH /api/profile', () => {
  it('renames only the signed-in user, trimmed, and moves updated_at', async () => {
    const before = (await getProfile(eli.cookie)).json().data
    const response = await patchProfile({ full_name: '  Eli Keys  ' }, eli.cookie)
    expect(response.statusCode).toBe(200)
    const { data } = response.json()
    expect(data).toMatchObject({ id: eli.id, email: eli.email, full_name: 'Eli Keys' })
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect((await getProfile(eli.cookie)).json().data.full_name).toBe('Eli Keys')
    expect((await getProfile(dana.cookie)).json().data.full_name).toBe('Dana Beats')
    // Better Auth's session answers the new name too (one source: user.name).
    const session = await browserRequest(t, { method: 'GET', url: '/api/auth/get-session', cookie: eli.cookie })
    expect(session.json().user.name).toBe('Eli Keys')
  })

  it('can clear the name (it is optional)', async () => {
    const account = await createSignedInUser(t, { name: 'Temporary' })
    const response = await patchProfile({ full_name: '   ' }, account.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json().data.full_name).toBe('')
  })

  it('refuses to change the email with 400 and changes nothing', async () => {
    const response = await patchProfile({ full_name: 'New Name', email: 'someone-else@example.com' }, dana.cookie)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: { message: 'Email cannot be changed', status: 400, code: 'EMAIL_READ_ONLY' } })
    const [row] = await t.database.db.select().from(user).where(eq(user.id, dana.id))
    expect(row).toMatchObject({ email: dana.email, name: 'Dana Beats' })
  })

  it('refuses a name over 100 characters', async () => {
    const response = await patchProfile({ full_name: 'x'.repeat(101) }, dana.cookie)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({ message: 'Full name must be 100 characters or fewer', status: 400, code: 'VALIDATION_ERROR' })
    expect((await patchProfile({ full_name: 'y'.repeat(100) }, dana.cookie)).statusCode).toBe(200)
    await patchProfile({ full_name: 'Dana Beats' }, dana.cookie)
  })

  it('turns product update emails off and on again, changing nothing else', async () => {
    const account = await createSignedInUser(t, { name: 'Fay Loops' })
    const off = await patchProfile({ product_update_emails: false }, account.cookie)
    expect(off.statusCode).toBe(200)
    expect(off.json().data).toMatchObject({ full_name: 'Fay Loops', product_update_emails: false })
    expect((await getProfile(account.cookie)).json().data.product_update_emails).toBe(false)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, account.id))
    expect(row).toMatchObject({ name: 'Fay Loops', productUpdateEmails: false })
    expect((await getProfile(dana.cookie)).json().data.product_update_emails).toBe(true)

    const both = await patchProfile({ full_name: 'Fay', product_update_emails: true }, account.cookie)
    expect(both.json().data).toMatchObject({ full_name: 'Fay', product_update_emails: true })
  })

  it('refuses a product update emails choice that is not true or false, and a body with nothing to change', async () => {
    for (const value of ['false', 0, null]) {
      const response = await patchProfile({ product_update_emails: value }, dana.cookie)
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toEqual({ message: 'Product update emails must be true or false', status: 400, code: 'VALIDATION_ERROR' })
    }
    const empty = await patchProfile({}, dana.cookie)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toEqual({ message: 'Give a full name or a product update emails choice to change', status: 400, code: 'VALIDATION_ERROR' })
    expect((await patchProfile({ product_update_emails: false, newsletter: true }, dana.cookie)).statusCode).toBe(400)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, dana.id))
    expect(row!.productUpdateEmails).toBe(true)
  })

  it('answers 401 when signed out', async () => {
    const response = await patchProfile({ full_name: 'Ghost' })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('UNAUTHORIZED')
  })
})
