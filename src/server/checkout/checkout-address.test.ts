/**
 * The billing address at checkout: the same country rules as the form (a province for Canada,
 * none for Germany, postal codes by format), answered as 400 INVALID_ADDRESS with the sentence;
 * the order keeps the country's code and name, the region's code and the postal code in its
 * usual form; an older client's country name still works; and the owner's order view names the
 * country and region, for new orders and for orders kept before codes.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, orderById, postCheckout, productByName, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminOrder } from '../../shared/contract/admin-orders.ts'
import { orders, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let pack: ProductRow
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  useFakePayments(t)
  pack = await productByName(t, 'Scale Finder MIDI Library')
})
afterAll(async () => t?.close())

const guestCheckout = (billingDetails: Record<string, string>) => ({
  checkoutType: 'direct',
  customerEmail: uniqueEmail('guest'),
  items: [{ productId: pack.id, quantity: 1 }],
  billingDetails,
})

async function refusal(billingDetails: Record<string, string>) {
  const body = guestCheckout(billingDetails)
  const response = await postCheckout(t, body, { remoteAddress: nextAddress() })
  const written = await t.database.db.select().from(orders).where(eq(orders.customerEmail, body.customerEmail))
  return { status: response.statusCode, error: response.json().error, written: written.length }
}

const adminOrder = async (orderId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: { cookie: owner.cookie } })).json().data as AdminOrder

describe('the billing address at checkout', () => {
  it('refuses Canada without a province, with the sentence, and writes no order', async () => {
    expect(await refusal({ countryCode: 'CA', postalCode: 'K1A 0B1' })).toEqual({
      status: 400,
      error: { message: 'Choose a province', status: 400, code: 'INVALID_ADDRESS', field: 'billingDetails.state' },
      written: 0,
    })
  })

  it('refuses a postal code of the wrong format, an unknown region and an unknown country', async () => {
    expect((await refusal({ countryCode: 'CA', state: 'ON', postalCode: '12345' })).error.message).toBe(
      'Enter a valid postal code for Canada, for example K1A 0B1',
    )
    expect((await refusal({ countryCode: 'US', state: 'ZZ', postalCode: '10001' })).error.message).toBe('Choose a state of the United States from the list')
    expect(await refusal({ countryCode: 'XX' })).toMatchObject({ status: 400, error: { code: 'INVALID_ADDRESS', message: 'Choose a country from the list' } })
  })

  it('keeps a German address without a state, by the country’s code and name', async () => {
    const session = await createSession(t, guestCheckout({ firstName: 'Ada', countryCode: 'de', country: 'Deutschland', postalCode: ' 10115 ' }), {
      remoteAddress: nextAddress(),
    })
    expect((await orderById(t, session.orderId)).billingDetails).toEqual({ firstName: 'Ada', countryCode: 'DE', country: 'Germany', postalCode: '10115' })
  })

  it('keeps a Canadian province by its code and the postal code in its usual form; the owner reads them by name', async () => {
    const details = { firstName: 'Glenn', lastName: 'Gould', address: '1 Front St W', city: 'Toronto', countryCode: 'CA', state: 'on', postalCode: 'm5j 2x5' }
    const session = await createSession(t, guestCheckout(details), { remoteAddress: nextAddress() })
    expect((await orderById(t, session.orderId)).billingDetails).toMatchObject({ countryCode: 'CA', country: 'Canada', state: 'ON', postalCode: 'M5J 2X5' })

    expect((await adminOrder(session.orderId)).billingDetails).toEqual({
      firstName: 'Glenn',
      lastName: 'Gould',
      company: null,
      address: '1 Front St W',
      apartment: null,
      city: 'Toronto',
      region: 'Ontario',
      regionCode: 'ON',
      postalCode: 'M5J 2X5',
      country: 'Canada',
      countryCode: 'CA',
      phone: null,
    })
  })

  it('reads an older client’s country name and region name', async () => {
    const session = await createSession(t, guestCheckout({ country: 'Canada', state: 'Quebec', postalCode: 'H2X 1Y4' }), { remoteAddress: nextAddress() })
    expect((await orderById(t, session.orderId)).billingDetails).toMatchObject({ countryCode: 'CA', country: 'Canada', state: 'QC' })
  })

  it('makes a new order when the buyer changes the address, so the order keeps the last one', async () => {
    const body = guestCheckout({ countryCode: 'DE', postalCode: '10115' })
    const first = await createSession(t, body, { remoteAddress: nextAddress() })
    expect((await createSession(t, body, { remoteAddress: nextAddress() })).orderId).toBe(first.orderId)
    const moved = await createSession(t, { ...body, billingDetails: { countryCode: 'AT', postalCode: '1010' } }, { remoteAddress: nextAddress() })
    expect(moved.orderId).not.toBe(first.orderId)
    expect((await orderById(t, moved.orderId)).billingDetails).toEqual({ countryCode: 'AT', country: 'Austria', postalCode: '1010' })
  })

  it('still takes a checkout without billing details (nothing to show the owner)', async () => {
    const { billingDetails: _none, ...body } = guestCheckout({})
    const session = await createSession(t, body, { remoteAddress: nextAddress() })
    expect((await orderById(t, session.orderId)).billingDetails).toBeNull()
    expect((await adminOrder(session.orderId)).billingDetails).toBeNull()
  })
})

describe('orders kept before countries were codes', () => {
  it('show the owner the country and the state as they were written', async () => {
    const session = await createSession(t, guestCheckout({ countryCode: 'US', state: 'NY', postalCode: '10001' }), { remoteAddress: nextAddress() })
    await t.database.db
      .update(orders)
      .set({ billingDetails: { firstName: 'Ada', country: 'United States', state: 'New York', postalCode: '10001' } })
      .where(eq(orders.id, session.orderId))
    expect((await adminOrder(session.orderId)).billingDetails).toMatchObject({
      firstName: 'Ada',
      region: 'New York',
      regionCode: 'NY',
      country: 'United States',
      countryCode: 'US',
    })

    await t.database.db
      .update(orders)
      .set({ billingDetails: { country: 'Narnia', state: 'Cair Paravel' } })
      .where(eq(orders.id, session.orderId))
    expect((await adminOrder(session.orderId)).billingDetails).toMatchObject({ region: 'Cair Paravel', regionCode: null, country: 'Narnia', countryCode: null })
  })
})
