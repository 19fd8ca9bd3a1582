/**
 * Generated licence keys from purchase to revocation: the owner's policy, a key handed out in
 * the paying transaction, the activation API as a plugin meets it (limit 2: two activations,
 * the third refused, one freed, then allowed again), the buyer's own keys only, the owner's
 * revoke, reissue and extra activations (audited), a refund and a dispute reaching the key, and
 * the API documented with examples.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { asOwner, buyAndPay, callActivationApi, keysOf, setKeyPolicy } from '../../../tests/support/licence-keys.ts'
import { refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { LICENCE_KEY_MESSAGES } from '../../shared/contract/licence-keys.ts'
import { auditLog, type ProductRow } from '../db/schema.ts'
import { generateKeyText, KEY_ALPHABET } from './key-format.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let plugin: ProductRow

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  owner = await createSignedInUser(t, { email: OWNER })
  plugin = (await productsWithFiles(t, 3)).find((product) => product.priceCents > 0)!
  await setKeyPolicy(t, owner, plugin.id, { kind: 'generated', activationLimit: 2 })
})
afterAll(async () => t?.close())

/** A new buyer who bought the plugin, and their key. */
async function buyerWithKey() {
  const buyer = await createSignedInUser(t)
  const order = await buyAndPay(t, fake, buyer, plugin.id)
  const [key] = await keysOf(t, buyer)
  return { buyer, order, key: key! }
}

describe('generated keys', () => {
  it('are ALS- and four groups of five from an alphabet without 0, O, 1 or I, never the same twice', () => {
    const keys = Array.from({ length: 200 }, generateKeyText)
    for (const key of keys) expect(key).toMatch(/^ALS(-[A-HJ-NP-Z2-9]{5}){4}$/)
    expect(new Set(keys).size).toBe(keys.length)
    expect(KEY_ALPHABET).not.toMatch(/[01OI]/)
  })

  it("the owner reads the policy back; a buyer gets one active key with the policy's limit when the order is paid", async () => {
    const policy = await asOwner(t, owner, 'GET', `/api/admin/products/${plugin.id}/key-policy`)
    expect(policy.json().data).toMatchObject({ kind: 'generated', activationLimit: 2, serialsLeft: 0, lowSerials: false })
    const { buyer, order, key } = await buyerWithKey()
    expect(key).toMatchObject({ kind: 'generated', state: 'active', activationLimit: 2, activations: [] })
    expect(key.key).toMatch(/^ALS-/)
    expect(await keysOf(t, buyer)).toHaveLength(1)
    const [receipt] = await receiptsFor(t, order.orderId)
    expect(receipt!.text).toContain(`Licence key for ${plugin.name}: ${key.key}`)
    const forOwner = await asOwner(t, owner, 'GET', `/api/admin/orders/${order.orderId}/licence-keys`)
    expect(forOwner.json().data.map((row: { key: string }) => row.key)).toEqual([key.key])
  })
})

describe('the activation API', () => {
  it('limit 2: two instances activate, a third is refused, one freed lets the third in; activating again uses nothing', async () => {
    const { buyer, key } = await buyerWithKey()
    const text = key.key!
    const first = await callActivationApi(t, 'activate', text, 'Studio Mac')
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toEqual({
      valid: true,
      status: 'active',
      message: LICENCE_KEY_MESSAGES.activated,
      productId: plugin.id,
      activationLimit: 2,
      activationsUsed: 1,
    })
    expect((await callActivationApi(t, 'activate', text.toLowerCase(), 'Laptop')).json().data).toMatchObject({ valid: true, activationsUsed: 2 })
    const again = (await callActivationApi(t, 'activate', text, 'Studio Mac')).json().data
    expect(again).toMatchObject({ valid: true, status: 'active', message: LICENCE_KEY_MESSAGES.active, activationsUsed: 2 })

    const third = await callActivationApi(t, 'activate', text, 'Tour PC')
    expect(third.statusCode).toBe(200)
    expect(third.json().data).toMatchObject({ valid: false, status: 'limit_reached', message: LICENCE_KEY_MESSAGES.limitReached, activationsUsed: 2 })
    expect((await callActivationApi(t, 'validate', text, 'Tour PC')).json().data).toMatchObject({ valid: false, status: 'not_activated' })
    expect((await callActivationApi(t, 'validate', text, 'Laptop')).json().data).toMatchObject({ valid: true, status: 'active' })

    // The buyer frees the laptop's activation from their downloads page.
    const [shown] = await keysOf(t, buyer)
    expect(shown!.activations.map((activation) => activation.instanceName)).toEqual(['Studio Mac', 'Laptop'])
    const laptop = shown!.activations.find((activation) => activation.instanceName === 'Laptop')!
    const freed = await t.app.inject({
      method: 'DELETE',
      url: `/api/licence-keys/${key.id}/activations/${laptop.id}`,
      headers: { cookie: buyer.cookie, origin: t.config.publicUrl },
    })
    expect(freed.statusCode).toBe(204)
    expect((await callActivationApi(t, 'activate', text, 'Tour PC')).json().data).toMatchObject({ valid: true, status: 'active', activationsUsed: 2 })

    const gone = (await callActivationApi(t, 'deactivate', text, 'Studio Mac')).json().data
    expect(gone).toMatchObject({ valid: false, status: 'deactivated', message: LICENCE_KEY_MESSAGES.deactivated, activationsUsed: 1 })
    expect((await callActivationApi(t, 'deactivate', text, 'Studio Mac')).json().data).toMatchObject({ status: 'not_activated' })
  })

  it('an unknown key is a 404 with its code; a body without an instance name is a 400', async () => {
    const unknown = await callActivationApi(t, 'validate', 'ALS-AAAAA-BBBBB-CCCCC-DDDDD', 'Studio Mac')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: { message: LICENCE_KEY_MESSAGES.unknownKey, status: 404, code: 'LICENCE_KEY_NOT_FOUND' } })
    const invalid = await t.app.inject({ method: 'POST', url: '/api/licence-keys/activate', payload: { key: 'ALS-AAAAA' } })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.status).toBe(400)
  })

  it('too many requests for one key answer 429 with the activation text, whatever the address', async () => {
    const { key } = await buyerWithKey()
    let last = await callActivationApi(t, 'validate', key.key!, 'Studio Mac')
    for (let call = 0; call < 40 && last.statusCode !== 429; call++) last = await callActivationApi(t, 'validate', key.key!, 'Studio Mac')
    expect(last.statusCode).toBe(429)
    expect(last.json().error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: LICENCE_KEY_MESSAGES.tooMany })
  })

  it('is in the OpenAPI document under licence-keys, with request and answer examples', () => {
    type Content = { 'application/json': { example?: unknown; examples?: Record<string, { value: unknown }> } }
    type Operation = { tags: string[]; description: string; requestBody: { content: Content }; responses: Record<string, { content: Content }> }
    // fastify-swagger puts a single example beside the schema, several as named examples.
    const examplesOf = ({ 'application/json': media }: Content) =>
      media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((example) => example.value)
    const document = t.app.swagger() as unknown as { paths: Record<string, { post: Operation }> }
    for (const action of ['activate', 'validate', 'deactivate']) {
      const operation = document.paths[`/api/licence-keys/${action}`]!.post
      expect(operation.tags).toEqual(['licence-keys'])
      expect(operation.description).toContain('LICENCE_KEY_NOT_FOUND')
      expect(examplesOf(operation.requestBody.content)).toEqual([{ key: expect.stringMatching(/^ALS-/), instanceName: 'Studio Mac' }])
      const answers = examplesOf(operation.responses['200']!.content) as { data: { status: string } }[]
      expect(answers.map((answer) => answer.data.status)).toEqual(['active', 'limit_reached', 'revoked'])
      expect(examplesOf(operation.responses['404']!.content)).toEqual([{ error: expect.objectContaining({ code: 'LICENCE_KEY_NOT_FOUND' }) }])
    }
  })
})

describe("a buyer's keys", () => {
  it("are theirs alone: another buyer's key or activation is a 404, a guest a 401", async () => {
    const { buyer, key } = await buyerWithKey()
    await callActivationApi(t, 'activate', key.key!, 'Studio Mac')
    const { activations } = (await keysOf(t, buyer))[0]!
    const stranger = await createSignedInUser(t)
    expect(await keysOf(t, stranger)).toEqual([])
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/licence-keys/${key.id}/activations/${activations[0]!.id}`,
      headers: { cookie: stranger.cookie, origin: t.config.publicUrl },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('LICENCE_KEY_NOT_FOUND')
    expect((await keysOf(t, buyer))[0]!.activations).toHaveLength(1)
    expect((await t.app.inject({ method: 'GET', url: '/api/licence-keys' })).statusCode).toBe(401)
  })
})

describe('after the sale', () => {
  it('a refund revokes the key: validate answers revoked, activate too', async () => {
    const { order, key } = await buyerWithKey()
    await callActivationApi(t, 'activate', key.key!, 'Studio Mac')
    expect((await refundAsOwner(t, owner, order.orderId)).statusCode).toBe(200)
    const answer = (await callActivationApi(t, 'validate', key.key!, 'Studio Mac')).json().data
    expect(answer).toMatchObject({ valid: false, status: 'revoked', message: LICENCE_KEY_MESSAGES.revoked })
    expect((await callActivationApi(t, 'activate', key.key!, 'Laptop')).json().data).toMatchObject({ valid: false, status: 'revoked' })
  })

  it('an open dispute suspends the key, a won one restores it', async () => {
    const { order, key } = await buyerWithKey()
    const dispute = (status: string) => {
      const object = {
        id: `dp_${order.orderId}`,
        object: 'dispute',
        amount: order.session.amountTotalCents,
        charge: `ch_${order.paymentIntentId}`,
        payment_intent: order.paymentIntentId,
        status,
        reason: 'fraudulent',
      }
      const { payload, headers } = fake.signedObjectEvent(status === 'won' ? 'charge.dispute.closed' : 'charge.dispute.created', object)
      return t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })
    }
    expect((await dispute('needs_response')).statusCode).toBe(200)
    expect((await callActivationApi(t, 'activate', key.key!, 'Studio Mac')).json().data).toMatchObject({ valid: false, status: 'suspended' })
    expect((await dispute('won')).statusCode).toBe(200)
    expect((await callActivationApi(t, 'activate', key.key!, 'Studio Mac')).json().data).toMatchObject({ valid: true, status: 'active' })
  })

  it('the owner adds activations, reissues (the old key stops, activations end) and revokes, each in the audit log', async () => {
    const { key } = await buyerWithKey()
    const old = key.key!
    await callActivationApi(t, 'activate', old, 'Studio Mac')
    const raised = await asOwner(t, owner, 'POST', `/api/admin/licence-keys/${key.id}/activations`, { activations: 3 })
    expect(raised.json().data.activationLimit).toBe(5)
    const reissued = (await asOwner(t, owner, 'POST', `/api/admin/licence-keys/${key.id}/reissue`)).json().data
    expect(reissued.key).toMatch(/^ALS-/)
    expect(reissued.key).not.toBe(old)
    expect(reissued.activations).toEqual([])
    expect((await callActivationApi(t, 'validate', old, 'Studio Mac')).statusCode).toBe(404)
    const revoked = await asOwner(t, owner, 'POST', `/api/admin/licence-keys/${key.id}/revoke`)
    expect(revoked.json().data.state).toBe('revoked')
    expect((await callActivationApi(t, 'validate', reissued.key, 'Studio Mac')).json().data.status).toBe('revoked')
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, key.id))).map((entry) => entry.action).sort()
    expect(actions).toEqual(['licence_key.add_activations', 'licence_key.reissue', 'licence_key.revoke'])
    expect((await asOwner(t, owner, 'POST', `/api/admin/licence-keys/${crypto.randomUUID()}/revoke`)).statusCode).toBe(404)
  })
})
