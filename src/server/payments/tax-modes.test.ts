/**
 * The tax a buyer sees is the tax they are charged, in every mode, through the HTTP API and the
 * provider session: the figure the drawer and the checkout button compute (the public policy and
 * the shared rules, as the browser does) equals the built-in provider's session and the order.
 * In the `stripe` mode the built-in provider imitates Stripe Tax from the by-country table and
 * the paid order records the tax the session computed; with Stripe itself (the local stand-in
 * for api.stripe.com), the order records what Stripe Tax charged, its rate and reverse charge,
 * and its invoice says the same.
 */
import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, orderById, productByName } from '../../../tests/support/checkout-fixtures.ts'
import { deliverWebhooksInto, payBuiltinSession } from '../../../tests/support/payments.ts'
import {
  metadataOf,
  resourceMissing,
  startStripeStandIn,
  stripeSession,
  type RecordedRequest,
  type StripeStandIn,
} from '../../../tests/support/stripe-stand-in.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { CheckoutSessionResponse } from '../../shared/contract/checkout.ts'
import type { PublicTaxPolicy, TaxSettingsForm } from '../../shared/contract/tax.ts'
import { priceCart } from '../../shared/pricing.ts'
import { taxTreatmentFor } from '../../shared/tax/tax-rules.ts'
import type { TaxBuyerPlace } from '../../shared/tax/tax-types.ts'
import { taxDocuments, type ProductRow } from '../db/schema.ts'
import type { PaymentProvider } from './provider.ts'
import { createStripeProvider } from './stripe/stripe-provider.ts'

const OWNER = uniqueEmail('owner')
const FRENCH_SELLER: TaxSettingsForm = {
  mode: 'by-country',
  pricesIncludeTax: false,
  sellerCountry: 'FR',
  sellerLegalName: 'Audio Lab SAS',
  sellerAddress: '12 rue des Studios, 75011 Paris',
  sellerTaxNumber: 'FR40303265045',
}
const GERMANY = { firstName: 'Ada', lastName: 'Lovelace', countryCode: 'DE', country: 'Germany', postalCode: '10115' }
const GERMAN_CONSUMER: TaxBuyerPlace = { country: 'DE', region: null, validVatNumber: false }

let t: TestApp
let owner: SignedInUser
let pack: ProductRow
let synth: ProductRow

beforeAll(async () => {
  // VIES cannot be reached here: a VAT number's format and checksum decide.
  t = await createTestApp({ ADMIN_EMAILS: OWNER, VIES_URL: 'http://127.0.0.1:9/rest-api' })
  owner = await createSignedInUser(t, { email: OWNER })
  pack = await productByName(t, 'Scale Finder MIDI Library')
  synth = await productByName(t, 'Neon Drive')
})
afterAll(async () => t?.close())

async function saveTaxSettings(changes: Partial<TaxSettingsForm>): Promise<void> {
  const headers = { origin: t.config.publicUrl, cookie: owner.cookie }
  const current = (await t.app.inject({ method: 'GET', url: '/api/admin/tax/settings', headers })).json().data
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/tax/settings',
    headers,
    payload: { form: { ...FRENCH_SELLER, ...changes }, version: current.version },
  })
  if (saved.statusCode !== 200) throw new Error(`tax settings not saved: ${saved.body}`)
  // The public answer is cached until the save's notification reaches this process: on PostgreSQL
  // it arrives a moment after the commit, as it does for every other process of the store.
  const expected = { ...FRENCH_SELLER, ...changes }
  await vi.waitFor(async () => {
    const { policy } = await publicPolicy()
    expect([policy.mode, policy.pricesIncludeTax]).toEqual([expected.mode, expected.pricesIncludeTax])
  })
}

/** What the browser reads: GET /api/tax/policy. */
async function publicPolicy(): Promise<PublicTaxPolicy> {
  return (await t.app.inject({ method: 'GET', url: '/api/tax/policy' })).json().data
}

/** Two packs and a synth with WELCOME10, as the checkout page posts a guest's cart. */
const checkoutBody = (billingDetails: Record<string, string>) => ({
  checkoutType: 'direct',
  customerEmail: uniqueEmail('buyer'),
  promoCode: 'WELCOME10',
  items: [
    { productId: pack.id, quantity: 2 },
    { productId: synth.id, quantity: 1 },
  ],
  billingDetails,
})

/** The figure on "Continue to Payment - $X": the browser's pricing of the same cart for the same place. */
async function buttonFigure(place: TaxBuyerPlace) {
  const { policy } = await publicPolicy()
  const lines = [
    { priceCents: pack.priceCents, quantity: 2 },
    { priceCents: synth.priceCents, quantity: 1 },
  ]
  return priceCart(lines, 0.1, taxTreatmentFor(policy, place))
}

async function builtinSessionView(sessionId: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${sessionId}` })).json()
}

describe('the built-in provider charges what the page shows, in every mode', () => {
  const modes = [
    { name: 'flat', settings: { mode: 'flat' as const }, label: 'Estimated tax', included: false },
    { name: 'by-country, prices without tax', settings: { mode: 'by-country' as const }, label: 'VAT 19%', included: false },
    { name: 'by-country, prices with tax', settings: { mode: 'by-country' as const, pricesIncludeTax: true }, label: 'VAT 19%', included: true },
    { name: 'stripe (imitated)', settings: { mode: 'stripe' as const }, label: 'VAT 19%', included: false },
  ]
  for (const mode of modes) {
    it(`${mode.name}: the button's figure is the session's charge and the order's total`, async () => {
      await saveTaxSettings(mode.settings)
      const shown = await buttonFigure(GERMAN_CONSUMER)
      const session: CheckoutSessionResponse = await createSession(t, checkoutBody(GERMANY))
      const view = await builtinSessionView(session.sessionId)
      const order = await orderById(t, session.orderId)
      expect(session.totals).toMatchObject({ totalCents: shown.totalCents, taxCents: shown.taxCents, taxIncluded: mode.included })
      expect([view.amountTotalCents, view.taxCents, view.taxLabel, view.taxIncluded]).toEqual([shown.totalCents, shown.taxCents, mode.label, mode.included])
      expect([order.totalAmountCents, order.taxCents]).toEqual([shown.totalCents, shown.taxCents])
    })
  }

  it('stripe (imitated): the session computes the tax as Stripe Tax would, and the paid order and its invoice record it', async () => {
    await saveTaxSettings({ mode: 'stripe' })
    const shown = await buttonFigure(GERMAN_CONSUMER)
    const session = await createSession(t, checkoutBody(GERMANY))
    const retrieved = await t.app.payments.retrieveCheckoutSession(session.sessionId)
    expect(retrieved?.computedTax).toEqual({ amountCents: shown.taxCents, rateBasisPoints: 1900, label: 'VAT 19%', country: 'DE', reverseCharge: false })

    expect((await payBuiltinSession(t.app, session.sessionId)).status).toBe(200)
    await deliverWebhooksInto(t.app)
    const order = await orderById(t, session.orderId)
    expect(order.status).toBe('COMPLETED')
    expect([order.taxCents, order.totalAmountCents, order.taxDetails?.mode]).toEqual([shown.taxCents, shown.totalCents, 'stripe'])
    const [invoice] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')))
    expect([invoice?.taxCents, invoice?.grossCents, invoice?.taxRateBasisPoints]).toEqual([shown.taxCents, shown.totalCents, 1900])
  })
})

describe("where the buyer is: the card's issuing country beside the billing country", () => {
  it('keeps the card country as the second piece of evidence, and records a conflict when it is not the billing country', async () => {
    await saveTaxSettings({ mode: 'by-country' })
    const paidWith = async (cardNumber: string) => {
      const session = await createSession(t, checkoutBody({ ...GERMANY, firstName: `Ada ${cardNumber.slice(-4)}` }))
      expect((await payBuiltinSession(t.app, session.sessionId, { cardNumber })).status).toBe(200)
      await deliverWebhooksInto(t.app)
      return orderById(t, session.orderId)
    }
    // Stripe's German test card: both pieces say Germany.
    const german = await paidWith('4000002760000016')
    expect(german.status).toBe('COMPLETED')
    expect(german.taxDetails?.evidence).toMatchObject({ billingCountry: 'DE', cardCountry: 'DE', conflict: false })
    // 4242 is issued in the United States: recorded as a conflict, the tax stays Germany's.
    const american = await paidWith('4242424242424242')
    expect(american.taxDetails?.evidence).toMatchObject({ billingCountry: 'DE', cardCountry: 'US', conflict: true })
    expect(american.taxDetails?.rateBasisPoints).toBe(1900)
  })
})

describe('Stripe Tax through the app (the local stand-in for api.stripe.com)', () => {
  const WEBHOOK_SECRET = 'whsec_stripe_tax_flow'
  let standIn: StripeStandIn
  let builtin: PaymentProvider
  /** The session Stripe made: its id, and the amount before tax it charges. */
  const made = { metadata: {} as Record<string, string>, beforeTaxCents: 0 }

  /** The session as Stripe answers it once paid: the business entered its VAT number on Stripe's page, so Stripe reverse-charged. */
  const paidSession = (expanded: boolean) =>
    stripeSession({
      id: 'cs_test_stripe_tax',
      status: 'complete',
      payment_status: 'paid',
      amount_total: made.beforeTaxCents,
      metadata: made.metadata,
      automatic_tax: { enabled: true, liability: null, status: 'complete' },
      total_details: {
        amount_discount: 0,
        amount_shipping: 0,
        amount_tax: 0,
        ...(expanded
          ? {
              breakdown: {
                discounts: [],
                taxes: [{ amount: 0, rate: { display_name: 'VAT', percentage: 0, country: 'DE' }, taxability_reason: 'reverse_charge', taxable_amount: 0 }],
              },
            }
          : {}),
      },
      payment_intent: expanded ? { id: 'pi_stripe_tax', latest_charge: { id: 'ch_1', payment_method_details: { card: { last4: '4242' } } } } : 'pi_stripe_tax',
    })

  function answer(request: RecordedRequest): [number, unknown] {
    if (request.method === 'POST' && request.path === '/v1/coupons') return [200, { id: 'coupon_tax_flow', object: 'coupon' }]
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      made.metadata = metadataOf(request.form)
      return [200, stripeSession({ id: 'cs_test_stripe_tax', url: 'https://checkout.stripe.com/c/pay/cs_test_stripe_tax', metadata: made.metadata })]
    }
    if (request.method === 'GET' && request.path === '/v1/checkout/sessions/cs_test_stripe_tax') return [200, paidSession(true)]
    return resourceMissing(request.path)
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn(answer)
    builtin = t.app.payments
    t.app.payments = createStripeProvider({ secretKey: 'sk_test_local', publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, api: standIn.api })
  })
  afterAll(async () => {
    t.app.payments = builtin
    await standIn?.close()
  })

  it("records the tax Stripe charged: Stripe's reverse charge replaces checkout's 19 % estimate, on the order and its invoice", async () => {
    await saveTaxSettings({ mode: 'stripe' })
    const estimate = await buttonFigure(GERMAN_CONSUMER)
    const session = await createSession(t, checkoutBody({ ...GERMANY, company: 'Klangwerk GmbH' }))
    const create = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!.form
    expect(create).toMatchObject({ 'automatic_tax[enabled]': 'true', 'line_items[0][price_data][tax_behavior]': 'exclusive' })
    expect(Object.values(create)).not.toContain('VAT 19%')
    const before = await orderById(t, session.orderId)
    expect([before.taxCents, before.totalAmountCents]).toEqual([estimate.taxCents, estimate.totalCents])

    made.beforeTaxCents = estimate.totalCents - estimate.taxCents
    const payload = JSON.stringify({
      id: 'evt_stripe_tax_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: paidSession(false) },
    })
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    })
    expect(delivered.statusCode).toBe(200)

    const order = await orderById(t, session.orderId)
    expect(order.status).toBe('COMPLETED')
    expect([order.taxCents, order.totalAmountCents, order.cardLast4]).toEqual([0, made.beforeTaxCents, '4242'])
    expect(order.taxDetails).toMatchObject({ mode: 'stripe', reverseCharge: true, rateBasisPoints: 0, label: 'VAT reverse charge', country: 'DE' })
    const [invoice] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')))
    expect([invoice?.taxCents, invoice?.netCents, invoice?.reverseCharge]).toEqual([0, made.beforeTaxCents, true])
  })
})
