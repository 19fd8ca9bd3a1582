/**
 * The Stripe provider's tax, against the local stand-in for api.stripe.com: in the `stripe` tax
 * mode the session asks Stripe Tax to compute the tax (no tax line of ours) and the tax Stripe
 * computed is read back; in the `by-country` mode the tax line is named by the buyer's treatment
 * and left out when the prices already include it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TaxTreatment } from '../../../shared/tax/tax-types.ts'
import { checkoutSessionInput } from '../../../../tests/support/payments.ts'
import {
  metadataOf,
  resourceMissing,
  startStripeStandIn,
  stripeSession,
  type RecordedRequest,
  type StripeStandIn,
} from '../../../../tests/support/stripe-stand-in.ts'
import type { PaymentProvider } from '../provider.ts'
import { createStripeProvider } from './stripe-provider.ts'

/** A German consumer under each mode: VAT 19 %. */
const germanVat = (mode: TaxTreatment['mode'], pricesIncludeTax = false): TaxTreatment => ({
  mode,
  rateBasisPoints: 1900,
  pricesIncludeTax,
  label: 'VAT 19%',
  reverseCharge: false,
  country: 'DE',
  region: null,
})

/** The fixture's lines less its promo: 2999 + 2 × 1500 − 600. */
const DISCOUNTED = 5399
/** 19 % of it, rounded once: 1025.81 → 1026. */
const VAT_ON_TOP = 1026

/** A paid Stripe Tax session with the breakdown Stripe answers when it is expanded. */
function taxedSession(id: string, amountTax: number, taxes: unknown[]) {
  return stripeSession({
    id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: DISCOUNTED + amountTax,
    metadata: { orderId: 'order-taxed' },
    automatic_tax: { enabled: true, liability: null, status: 'complete' },
    total_details: { amount_discount: 600, amount_shipping: 0, amount_tax: amountTax, breakdown: { discounts: [], taxes } },
    payment_intent: { id: `pi_${id}`, object: 'payment_intent', latest_charge: { id: 'ch_1', payment_method_details: { card: { last4: '4242' } } } },
  })
}

function answer(request: RecordedRequest): [number, unknown] {
  const { method, path, form } = request
  if (method === 'POST' && path === '/v1/coupons') return [200, { id: 'coupon_once_tax', object: 'coupon', amount_off: Number(form.amount_off) }]
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return [
      200,
      stripeSession({ id: 'cs_test_tax', url: 'https://checkout.stripe.com/c/pay/cs_test_tax', amount_total: DISCOUNTED, metadata: metadataOf(form) }),
    ]
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_vat') {
    const vat = { amount: 1026, rate: { object: 'tax_rate', display_name: 'VAT', percentage: 19, effective_percentage: 19, country: 'DE' } }
    return [200, taxedSession('cs_test_vat', 1026, [{ ...vat, taxability_reason: 'standard_rated', taxable_amount: DISCOUNTED }])]
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_reverse') {
    const rate = { object: 'tax_rate', display_name: 'VAT', percentage: 0, effective_percentage: 0, country: 'DE' }
    return [200, taxedSession('cs_test_reverse', 0, [{ amount: 0, rate, taxability_reason: 'reverse_charge', taxable_amount: DISCOUNTED }])]
  }
  return resourceMissing(path)
}

let standIn: StripeStandIn
let provider: PaymentProvider
const created = () => standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!.form
const keysOf = (form: Record<string, string>, prefix: string) => Object.keys(form).filter((key) => key.startsWith(prefix))

beforeAll(async () => {
  standIn = await startStripeStandIn(answer)
  provider = createStripeProvider({ secretKey: 'sk_test_local', publishableKey: null, webhookSecret: null, api: standIn.api })
})
afterAll(() => standIn.close())
beforeEach(() => {
  standIn.requests.length = 0
})

describe('Stripe Tax (the stripe tax mode)', () => {
  it('asks Stripe to compute the tax: automatic_tax on, each price exclusive, no tax line, the promo still a coupon, VAT numbers collected', async () => {
    await provider.createCheckoutSession(
      checkoutSessionInput({ taxTreatment: germanVat('stripe'), taxCents: VAT_ON_TOP, totalCents: DISCOUNTED + VAT_ON_TOP, metadata: {} }),
    )
    const form = created()
    expect(form).toMatchObject({
      'automatic_tax[enabled]': 'true',
      'tax_id_collection[enabled]': 'true',
      'line_items[0][price_data][unit_amount]': '2999',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'line_items[1][price_data][tax_behavior]': 'exclusive',
      'discounts[0][coupon]': 'coupon_once_tax',
    })
    // Two products, and nothing for the tax: Stripe adds it.
    expect(keysOf(form, 'line_items[2]')).toEqual([])
    expect(Object.values(form)).not.toContain('Estimated tax')
  })

  it('marks the prices inclusive when the owner enters them with the tax', async () => {
    await provider.createCheckoutSession(checkoutSessionInput({ taxTreatment: germanVat('stripe', true), taxCents: 862, totalCents: DISCOUNTED }))
    expect(created()).toMatchObject({ 'automatic_tax[enabled]': 'true', 'line_items[0][price_data][tax_behavior]': 'inclusive' })
    expect(keysOf(created(), 'line_items[2]')).toEqual([])
  })

  it('reads back the tax Stripe computed, its rate and name from the breakdown', async () => {
    const session = await provider.retrieveCheckoutSession('cs_test_vat')
    expect(Object.fromEntries(standIn.requests[0]!.query)).toMatchObject({ 'expand[1]': 'total_details.breakdown' })
    expect(session).toMatchObject({ amountTotalCents: DISCOUNTED + 1026, cardLast4: '4242' })
    expect(session?.computedTax).toEqual({ amountCents: 1026, rateBasisPoints: 1900, label: 'VAT 19%', country: 'DE', reverseCharge: false })
  })

  it('reads a reverse charge Stripe applied to a business buyer as 0 % reverse charge', async () => {
    const session = await provider.retrieveCheckoutSession('cs_test_reverse')
    expect(session?.computedTax).toEqual({ amountCents: 0, rateBasisPoints: 0, label: 'VAT reverse charge', country: 'DE', reverseCharge: true })
  })
})

describe('our own tax line (flat and by-country modes)', () => {
  it("names the line by the buyer's treatment in by-country mode", async () => {
    await provider.createCheckoutSession(
      checkoutSessionInput({ taxTreatment: germanVat('by-country'), taxCents: VAT_ON_TOP, totalCents: DISCOUNTED + VAT_ON_TOP }),
    )
    expect(created()).toMatchObject({
      'line_items[2][price_data][unit_amount]': String(VAT_ON_TOP),
      'line_items[2][price_data][product_data][name]': 'VAT 19%',
    })
    expect(keysOf(created(), 'automatic_tax')).toEqual([])
    expect(keysOf(created(), 'line_items[0][price_data][tax_behavior]')).toEqual([])
  })

  it('adds no tax line when the prices include the tax: Stripe charges the lines less the promo', async () => {
    await provider.createCheckoutSession(checkoutSessionInput({ taxTreatment: germanVat('by-country', true), taxCents: 862, totalCents: DISCOUNTED }))
    expect(keysOf(created(), 'line_items[2]')).toEqual([])
  })

  it('keeps "Estimated tax" for the flat estimate, and refuses an inclusive total that does not add up', async () => {
    await provider.createCheckoutSession(checkoutSessionInput())
    expect(created()['line_items[2][price_data][product_data][name]']).toBe('Estimated tax')
    standIn.requests.length = 0
    await expect(
      provider.createCheckoutSession(checkoutSessionInput({ taxTreatment: germanVat('by-country', true), taxCents: 862, totalCents: DISCOUNTED + 862 })),
    ).rejects.toThrow(/tax 862 included/)
    expect(standIn.requests).toEqual([])
  })

  it('a session without Stripe Tax carries no computed tax', async () => {
    const session = await provider.createCheckoutSession(checkoutSessionInput())
    expect(session.computedTax).toBeUndefined()
  })
})
