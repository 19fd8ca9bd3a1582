/**
 * Checkout charges the buyer's tax through the HTTP API, with the real built-in provider: the
 * flat 8 % estimate unchanged; in by-country mode with a French seller, a German consumer pays
 * 19 % on the discounted subtotal, a German business with a valid VAT number (VIES unreachable,
 * so its format and checksum decide) pays no tax under reverse charge, prices that include tax
 * carve it out; the provider's session charges exactly the order's total; the order keeps what
 * it was taxed with. Checkout refuses, with a sentence, a missing country, a VAT number that is
 * not its country's, and one the EU's register does not know. The IP address's country is kept
 * beside the billing one, and a disagreement recorded.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, orderById, postCheckout, productByName } from '../../../tests/support/checkout-fixtures.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { TaxSettingsForm } from '../../shared/contract/tax.ts'
import { orders, type ProductRow } from '../db/schema.ts'
import type { CheckoutRequest } from './checkout-request.ts'
import { taxOfCheckout, type CheckoutTaxDeps } from './checkout-tax.ts'

const OWNER = uniqueEmail('owner')
/** jsvat-valid: the right format and checksum for Germany. */
const GERMAN_VAT_NUMBER = 'DE 136 695 976'
const FRENCH_SELLER: TaxSettingsForm = {
  mode: 'by-country',
  pricesIncludeTax: false,
  sellerCountry: 'FR',
  sellerLegalName: 'Audio Lab SAS',
  sellerAddress: '12 rue des Studios, 75011 Paris',
  sellerTaxNumber: 'FR40303265045',
}

let t: TestApp
let owner: SignedInUser
let pack: ProductRow
let synth: ProductRow
let address = 0
const nextAddress = () => `203.0.113.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  // VIES cannot be reached here (nothing listens on the discard port): a VAT number's format and checksum decide.
  t = await createTestApp({ ADMIN_EMAILS: OWNER, VIES_URL: 'http://127.0.0.1:9/rest-api' })
  owner = await createSignedInUser(t, { email: OWNER })
  pack = await productByName(t, 'Scale Finder MIDI Library')
  synth = await productByName(t, 'Neon Drive')
})
afterAll(async () => t?.close())

async function saveTaxSettings(changes: Partial<TaxSettingsForm>, app = t, as = owner): Promise<void> {
  const headers = { origin: app.config.publicUrl, cookie: as.cookie }
  const current = (await app.app.inject({ method: 'GET', url: '/api/admin/tax/settings', headers })).json().data
  const saved = await app.app.inject({
    method: 'PUT',
    url: '/api/admin/tax/settings',
    headers,
    payload: { form: { ...FRENCH_SELLER, ...changes }, version: current.version },
  })
  if (saved.statusCode !== 200) throw new Error(`tax settings not saved: ${saved.body}`)
}

/** A guest's cart checkout of two packs and a synth with WELCOME10 (10 % off), as the checkout page posts it. */
const guestCheckout = (billingDetails: Record<string, string>) => ({
  checkoutType: 'direct',
  customerEmail: uniqueEmail('guest'),
  promoCode: 'WELCOME10',
  items: [
    { productId: pack.id, quantity: 2 },
    { productId: synth.id, quantity: 1 },
  ],
  billingDetails,
})

const GERMANY = { firstName: 'Ada', lastName: 'Lovelace', company: 'Klangwerk GmbH', countryCode: 'DE', postalCode: '10115' }

/** The figures a buyer of guestCheckout's lines pays, worked out here from the prices: 10 % off, then the rate, each rounded half up once. */
function expected(rateBasisPoints: number, included = false) {
  const subtotal = pack.priceCents * 2 + synth.priceCents
  const discount = Math.floor((subtotal * 1000 + 5000) / 10000)
  const discounted = subtotal - discount
  const tax = included
    ? Math.floor((discounted * rateBasisPoints * 2 + 10000 + rateBasisPoints) / ((10000 + rateBasisPoints) * 2))
    : Math.floor((discounted * rateBasisPoints + 5000) / 10000)
  return { subtotalCents: subtotal, discountCents: discount, taxCents: tax, totalAmountCents: included ? discounted : discounted + tax }
}

/** What the built-in provider's payment page charges for the session. */
async function providerSession(sessionId: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${sessionId}` })).json()
}

async function checkout(billingDetails: Record<string, string>) {
  const session = await createSession(t, guestCheckout(billingDetails), { remoteAddress: nextAddress() })
  return { session, order: await orderById(t, session.orderId), page: await providerSession(session.sessionId) }
}

async function refusal(billingDetails: Record<string, string>) {
  const body = guestCheckout(billingDetails)
  const response = await postCheckout(t, body, { remoteAddress: nextAddress() })
  const written = await t.database.db.select().from(orders).where(eq(orders.customerEmail, body.customerEmail))
  return { status: response.statusCode, error: response.json().error, written: written.length }
}

describe('the flat estimate (the store’s default)', () => {
  it('charges 8 % of the discounted subtotal whoever buys, as before, and keeps where the buyer is', async () => {
    const { order, page } = await checkout({ ...GERMANY, vatNumber: GERMAN_VAT_NUMBER })
    expect(order).toMatchObject(expected(800))
    expect(page).toMatchObject({ amountTotalCents: order.totalAmountCents, taxCents: order.taxCents })
    expect(order.taxDetails).toEqual({
      mode: 'flat',
      rateBasisPoints: 800,
      pricesIncludeTax: false,
      label: 'Estimated tax (8%)',
      reverseCharge: false,
      country: null,
      region: null,
      // The estimate is the same for businesses: the number decides nothing and is not checked.
      vatNumber: null,
      vatCheck: null,
      evidence: { billingCountry: 'DE', ipCountry: null, cardCountry: null, conflict: false },
    })
  })

  it('still takes a checkout without billing details', async () => {
    const { billingDetails: _none, ...body } = guestCheckout({})
    const session = await createSession(t, body, { remoteAddress: nextAddress() })
    const order = await orderById(t, session.orderId)
    expect(order).toMatchObject(expected(800))
    expect(order.taxDetails).toMatchObject({ mode: 'flat', evidence: { billingCountry: null } })
  })
})

describe('tax by the buyer’s country, from a French seller', () => {
  beforeAll(async () => saveTaxSettings({}))

  it('charges a German consumer German VAT, 19 % of the discounted subtotal, and the provider charges the same total', async () => {
    const { order, page } = await checkout(GERMANY)
    expect(order).toMatchObject(expected(1900))
    expect(page).toMatchObject({ amountTotalCents: order.totalAmountCents, taxCents: order.taxCents, discountCents: order.discountCents, taxLabel: 'VAT 19%' })
    expect(order.taxDetails).toMatchObject({
      mode: 'by-country',
      rateBasisPoints: 1900,
      label: 'VAT 19%',
      reverseCharge: false,
      country: 'DE',
      vatNumber: null,
    })
  })

  it('charges a German business with a valid VAT number no tax: reverse charge, the number kept as checked by its format', async () => {
    const { order, page } = await checkout({ ...GERMANY, vatNumber: GERMAN_VAT_NUMBER })
    expect(order).toMatchObject({ ...expected(0), taxCents: 0 })
    expect(page).toMatchObject({ amountTotalCents: order.totalAmountCents, taxCents: 0 })
    expect(order.taxDetails).toMatchObject({
      rateBasisPoints: 0,
      label: 'VAT reverse charge',
      reverseCharge: true,
      country: 'DE',
      vatNumber: 'DE136695976',
      vatCheck: 'format',
      evidence: { billingCountry: 'DE', ipCountry: null, cardCountry: null, conflict: false },
    })
  })

  it('taxes by province: an Ontario buyer pays HST 13 %', async () => {
    const { order } = await checkout({ countryCode: 'CA', state: 'ON', postalCode: 'M5J 2X5' })
    expect(order).toMatchObject(expected(1300))
    expect(order.taxDetails).toMatchObject({ label: 'HST 13%', country: 'CA', region: 'ON' })
  })

  it('makes a new order when the buyer adds a VAT number or moves, so the order is charged the tax it shows', async () => {
    const body = guestCheckout(GERMANY)
    const first = await createSession(t, body, { remoteAddress: nextAddress() })
    expect((await createSession(t, body, { remoteAddress: nextAddress() })).orderId).toBe(first.orderId)
    const asBusiness = await createSession(t, { ...body, billingDetails: { ...GERMANY, vatNumber: GERMAN_VAT_NUMBER } }, { remoteAddress: nextAddress() })
    expect(asBusiness.orderId).not.toBe(first.orderId)
    expect((await orderById(t, asBusiness.orderId)).taxCents).toBe(0)
    expect((await orderById(t, first.orderId)).status).toBe('CANCELLED')
  })

  it('refuses a checkout without a country, with a sentence, and writes no order', async () => {
    expect(await refusal({ firstName: 'Ada' })).toEqual({
      status: 400,
      error: { message: 'Choose your country: the tax you pay depends on it.', status: 400, code: 'INVALID_ADDRESS', field: 'billingDetails.countryCode' },
      written: 0,
    })
  })

  it('refuses a VAT number with a wrong checksum, or another country’s, rather than charging VAT the buyer did not expect', async () => {
    const malformed = "This VAT number doesn't look right for Germany. Check it, or leave the field empty to buy without one."
    expect(await refusal({ ...GERMANY, vatNumber: 'DE123456789' })).toEqual({
      status: 400,
      error: { message: malformed, status: 400, code: 'INVALID_VAT_NUMBER', field: 'billingDetails.vatNumber' },
      written: 0,
    })
    expect((await refusal({ ...GERMANY, vatNumber: 'FR40303265045' })).error.message).toBe(malformed)
  })

  it('carves the tax out of prices that include it: the buyer pays the discounted subtotal, and the provider charges the same', async () => {
    await saveTaxSettings({ pricesIncludeTax: true })
    try {
      const { order, page } = await checkout(GERMANY)
      expect(order).toMatchObject(expected(1900, true))
      expect(page).toMatchObject({ amountTotalCents: order.totalAmountCents, taxCents: order.taxCents, taxIncluded: true })
      expect(order.taxDetails).toMatchObject({ pricesIncludeTax: true, label: 'VAT 19%' })
    } finally {
      await saveTaxSettings({ pricesIncludeTax: false })
    }
  })
})

describe('a VAT number the EU’s register does not know', () => {
  let vies: Server
  let withVies: TestApp

  beforeAll(async () => {
    // A stand-in for VIES on this machine that knows no number.
    vies = createServer((request, response) => {
      request.resume()
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valid: false })))
    })
    await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve))
    withVies = await createTestApp({ ADMIN_EMAILS: OWNER, VIES_URL: `http://127.0.0.1:${(vies.address() as AddressInfo).port}/rest-api` })
    await saveTaxSettings({}, withVies, await createSignedInUser(withVies, { email: OWNER }))
  })
  afterAll(async () => {
    await withVies?.close()
    await new Promise((resolve) => vies.close(resolve))
  })

  it('is refused with a sentence, though its format is valid', async () => {
    const response = await postCheckout(withVies, guestCheckout({ ...GERMANY, vatNumber: GERMAN_VAT_NUMBER }), { remoteAddress: nextAddress() })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({
      message: "The EU's VAT register does not know this VAT number. Check it, or leave the field empty to buy without one.",
      status: 400,
      code: 'INVALID_VAT_NUMBER',
      field: 'billingDetails.vatNumber',
    })
  })
})

describe('where the buyer is', () => {
  const tax = (ipCountry: string | null): CheckoutTaxDeps['tax'] => ({
    policy: async () => ({ mode: 'by-country', pricesIncludeTax: false, sellerCountry: 'FR', overrides: [] }),
    checkVatNumber: async (vatNumber) => ({ valid: true, checkedBy: 'format', vatNumber }),
    countryOfIp: async () => ipCountry,
  })
  const request = { billingDetails: { countryCode: 'DE', country: 'Germany' }, vatNumber: null } as CheckoutRequest

  it('keeps the IP address’s country beside the billing country, and records when they disagree; the billing country decides the tax', async () => {
    expect((await taxOfCheckout({ tax: tax('DE') }, request, '81.2.3.4')).evidence).toEqual({
      billingCountry: 'DE',
      ipCountry: 'DE',
      cardCountry: null,
      conflict: false,
    })
    const elsewhere = await taxOfCheckout({ tax: tax('AT') }, request, '81.2.3.4')
    expect(elsewhere.evidence).toEqual({ billingCountry: 'DE', ipCountry: 'AT', cardCountry: null, conflict: true })
    expect(elsewhere).toMatchObject({ country: 'DE', label: 'VAT 19%' })
  })
})
