import { describe, expect, it } from 'vitest'
import { FLAT_TAX, priceCart } from '../pricing.ts'
import { projectTaxRate, projectTaxRates } from './tax-rates.ts'
import { REVERSE_CHARGE_LABEL, TAX_AT_CHECKOUT_LABEL, taxTreatmentFor } from './tax-rules.ts'
import type { TaxBuyerPlace, TaxPolicy } from './tax-types.ts'

const byCountry = (changes: Partial<TaxPolicy> = {}): TaxPolicy => ({
  mode: 'by-country',
  pricesIncludeTax: false,
  sellerCountry: 'FR',
  overrides: [],
  ...changes,
})
const consumer = (country: string | null, region: string | null = null): TaxBuyerPlace => ({ country, region, validVatNumber: false })
const business = (country: string): TaxBuyerPlace => ({ country, region: null, validVatNumber: true })
const rateOf = (policy: TaxPolicy, buyer: TaxBuyerPlace) => {
  const { rateBasisPoints, label } = taxTreatmentFor(policy, buyer)
  return { rateBasisPoints, label }
}

describe('flat mode', () => {
  it('charges the spec’s 8 % estimate whoever buys, added to the price even when the owner says prices include tax', () => {
    const policy = byCountry({ mode: 'flat', pricesIncludeTax: true })
    expect(taxTreatmentFor(policy, consumer('DE'))).toEqual(FLAT_TAX)
    expect(taxTreatmentFor(policy, business('DE'))).toEqual(FLAT_TAX)
    expect(taxTreatmentFor(policy, consumer(null))).toEqual(FLAT_TAX)
    expect(FLAT_TAX.label).toBe('Estimated tax (8%)')
  })
})

describe('by-country mode', () => {
  it('charges a German consumer German VAT, 19 %, whether the seller is in France or outside the EU', () => {
    expect(taxTreatmentFor(byCountry(), consumer('DE'))).toEqual({
      mode: 'by-country',
      rateBasisPoints: 1900,
      pricesIncludeTax: false,
      label: 'VAT 19%',
      reverseCharge: false,
      country: 'DE',
      region: null,
    })
    expect(rateOf(byCountry({ sellerCountry: 'US' }), consumer('de'))).toEqual({ rateBasisPoints: 1900, label: 'VAT 19%' })
  })

  it('reverse-charges a German business with a valid VAT number buying from a French seller: 0 %', () => {
    expect(taxTreatmentFor(byCountry(), business('DE'))).toMatchObject({ rateBasisPoints: 0, label: REVERSE_CHARGE_LABEL, reverseCharge: true, country: 'DE' })
    expect(REVERSE_CHARGE_LABEL).toBe('VAT reverse charge')
  })

  it('reverse-charges an EU business buying from a seller outside the EU too, who is not established in its country', () => {
    expect(taxTreatmentFor(byCountry({ sellerCountry: 'US' }), business('DE'))).toMatchObject({ rateBasisPoints: 0, reverseCharge: true })
  })

  it('charges VAT to a business in the seller’s own country, to one whose number is not valid, and while the seller’s country is unknown', () => {
    expect(taxTreatmentFor(byCountry({ sellerCountry: 'DE' }), business('DE'))).toMatchObject({ rateBasisPoints: 1900, label: 'VAT 19%', reverseCharge: false })
    expect(taxTreatmentFor(byCountry(), consumer('DE'))).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false })
    expect(taxTreatmentFor(byCountry({ sellerCountry: null }), business('DE'))).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false })
  })

  it('charges a business outside the EU as a consumer: a UK company pays UK VAT', () => {
    expect(taxTreatmentFor(byCountry(), business('GB'))).toMatchObject({ rateBasisPoints: 2000, label: 'VAT 20%', reverseCharge: false })
  })

  it('taxes Canada by province: Ontario’s HST 13 %, Quebec’s GST and QST, Alberta’s GST alone', () => {
    expect(rateOf(byCountry(), consumer('CA', 'ON'))).toEqual({ rateBasisPoints: 1300, label: 'HST 13%' })
    // 14.975 % does not fit in whole basis points: charged as 14.98 %, never less than the legal rate.
    expect(rateOf(byCountry(), consumer('CA', 'QC'))).toEqual({ rateBasisPoints: 1498, label: 'GST 5% + QST 9.975%' })
    expect(rateOf(byCountry(), consumer('CA', 'BC'))).toEqual({ rateBasisPoints: 1200, label: 'GST 5% + PST 7%' })
    expect(rateOf(byCountry(), consumer('CA', 'AB'))).toEqual({ rateBasisPoints: 500, label: 'GST 5%' })
    expect(taxTreatmentFor(byCountry(), consumer('CA', 'on'))).toMatchObject({ country: 'CA', region: 'ON' })
  })

  it('charges sales tax in a US state that taxes digital downloads (Texas, 6.25 %), none in one that does not (California)', () => {
    expect(rateOf(byCountry(), consumer('US', 'TX'))).toEqual({ rateBasisPoints: 625, label: 'Sales tax 6.25%' })
    expect(rateOf(byCountry(), consumer('US', 'CA'))).toEqual({ rateBasisPoints: 0, label: 'Sales tax 0%' })
    expect(rateOf(byCountry(), consumer('US', 'OR'))).toEqual({ rateBasisPoints: 0, label: 'Sales tax 0%' })
  })

  it('says the tax is calculated at checkout while the country, or a US state or Canadian province, is not known', () => {
    const pending = { rateBasisPoints: 0, label: TAX_AT_CHECKOUT_LABEL }
    expect(TAX_AT_CHECKOUT_LABEL).toBe('Tax calculated at checkout')
    expect(rateOf(byCountry(), consumer(null))).toEqual(pending)
    expect(rateOf(byCountry(), consumer(' '))).toEqual(pending)
    expect(rateOf(byCountry(), consumer('US'))).toEqual(pending)
    expect(rateOf(byCountry(), consumer('CA'))).toEqual(pending)
  })

  it('charges 0 % in a country the table does not list, and keeps a region only where it decided the rate', () => {
    expect(rateOf(byCountry(), consumer('HK'))).toEqual({ rateBasisPoints: 0, label: 'Tax 0%' })
    expect(taxTreatmentFor(byCountry(), consumer('JP', '13'))).toMatchObject({ rateBasisPoints: 1000, region: null })
  })

  it('lets the owner’s rate for a region, or for the whole country, win over the table', () => {
    const overrides = [
      { countryCode: 'DE', regionCode: '', rateBasisPoints: 700, label: 'VAT 7%' },
      { countryCode: 'US', regionCode: 'CA', rateBasisPoints: 725, label: 'Sales tax 7.25%' },
      { countryCode: 'CA', regionCode: '', rateBasisPoints: 500, label: 'GST 5%' },
    ]
    expect(rateOf(byCountry({ overrides }), consumer('DE'))).toEqual({ rateBasisPoints: 700, label: 'VAT 7%' })
    expect(taxTreatmentFor(byCountry({ overrides }), consumer('US', 'CA'))).toMatchObject({ rateBasisPoints: 725, label: 'Sales tax 7.25%', region: 'CA' })
    expect(rateOf(byCountry({ overrides }), consumer('US', 'TX'))).toEqual({ rateBasisPoints: 625, label: 'Sales tax 6.25%' })
    // The owner's country-wide rate covers Quebec, and a Canadian buyer whose province is not known yet.
    expect(rateOf(byCountry({ overrides }), consumer('CA', 'QC'))).toEqual({ rateBasisPoints: 500, label: 'GST 5%' })
    expect(rateOf(byCountry({ overrides }), consumer('CA'))).toEqual({ rateBasisPoints: 500, label: 'GST 5%' })
    // Reverse charge is the law, not a rate: the owner's rate does not undo it.
    expect(taxTreatmentFor(byCountry({ overrides }), business('DE'))).toMatchObject({ rateBasisPoints: 0, reverseCharge: true })
  })

  it('passes the owner’s “prices include tax” through', () => {
    expect(taxTreatmentFor(byCountry({ pricesIncludeTax: true }), consumer('DE')).pricesIncludeTax).toBe(true)
    expect(taxTreatmentFor(byCountry({ pricesIncludeTax: true }), consumer(null)).pricesIncludeTax).toBe(true)
    expect(taxTreatmentFor(byCountry(), consumer('DE')).pricesIncludeTax).toBe(false)
  })
})

describe('stripe mode', () => {
  it('is imitated from the same table: the rate, reverse charge and the owner’s rates as in by-country mode', () => {
    const stripe = byCountry({ mode: 'stripe' })
    expect(taxTreatmentFor(stripe, consumer('DE'))).toMatchObject({ mode: 'stripe', rateBasisPoints: 1900, label: 'VAT 19%' })
    expect(taxTreatmentFor(stripe, business('AT'))).toMatchObject({ mode: 'stripe', rateBasisPoints: 0, reverseCharge: true })
    expect(taxTreatmentFor(stripe, consumer('CA', 'ON'))).toMatchObject({ rateBasisPoints: 1300 })
  })
})

describe('the charged amount, with a promo', () => {
  // $29.99 × 2 + $49.99 = $109.97; WELCOME10 takes $11.00 (1099.7 rounded half up) off: $98.97.
  const lines = [
    { priceCents: 2999, quantity: 2 },
    { priceCents: 4999, quantity: 1 },
  ]

  it('adds German VAT to the discounted subtotal, rounded once for the order', () => {
    const totals = priceCart(lines, 0.1, taxTreatmentFor(byCountry(), consumer('DE')))
    expect(totals).toMatchObject({
      subtotalCents: 10997,
      discountCents: 1100,
      discountedSubtotalCents: 9897,
      taxCents: 1880,
      totalCents: 11777,
      netCents: 9897,
    })
    expect(totals.tax.label).toBe('VAT 19%')
  })

  it('carves German VAT out of prices that include it: the buyer pays the discounted subtotal', () => {
    const totals = priceCart(lines, 0.1, taxTreatmentFor(byCountry({ pricesIncludeTax: true }), consumer('DE')))
    // 9897 × 19 / 119 = 1580.19…
    expect(totals).toMatchObject({ taxCents: 1580, totalCents: 9897, netCents: 8317 })
  })

  it('charges a reverse-charged business the discounted subtotal with no tax, and Quebec its two taxes', () => {
    expect(priceCart(lines, 0.1, taxTreatmentFor(byCountry(), business('DE')))).toMatchObject({ taxCents: 0, totalCents: 9897 })
    // 9897 × 14.98 % = 1482.57 → $14.83; the exact 14.975 % gives 1482.07 → $14.82: one cent at most, never short.
    expect(priceCart(lines, 0.1, taxTreatmentFor(byCountry(), consumer('CA', 'QC')))).toMatchObject({ taxCents: 1483, totalCents: 11380 })
  })

  it('keeps the flat estimate’s figures: 8 % of the discounted subtotal', () => {
    expect(priceCart(lines, 0.1, taxTreatmentFor(byCountry({ mode: 'flat' }), consumer('DE')))).toMatchObject({ taxCents: 792, totalCents: 10689 })
    expect(priceCart(lines, 0.1)).toEqual(priceCart(lines, 0.1, taxTreatmentFor(byCountry({ mode: 'flat' }), business('DE'))))
  })
})

describe('the project’s rate table', () => {
  it('lists each country once with its tax’s name, and Canada’s provinces and the US states', () => {
    const rates = projectTaxRates()
    const keys = rates.map((rate) => `${rate.countryCode}:${rate.regionCode}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(rates).toContainEqual({ countryCode: 'AU', regionCode: '', rateBasisPoints: 1000, label: 'GST 10%' })
    expect(rates).toContainEqual({ countryCode: 'FI', regionCode: '', rateBasisPoints: 2550, label: 'VAT 25.5%' })
    expect(rates).toContainEqual({ countryCode: 'CA', regionCode: 'NS', rateBasisPoints: 1400, label: 'HST 14%' })
    expect(rates).toContainEqual({ countryCode: 'US', regionCode: 'MN', rateBasisPoints: 688, label: 'Sales tax 6.875%' })
    expect(rates.every((rate) => Number.isInteger(rate.rateBasisPoints) && rate.rateBasisPoints >= 0 && rate.rateBasisPoints <= 10_000)).toBe(true)
  })

  it('answers the country’s rate for a region it does not list, and nothing for a country it does not know', () => {
    expect(projectTaxRate('CA', 'YT')).toMatchObject({ rateBasisPoints: 500, label: 'GST 5%' })
    expect(projectTaxRate('DE', null)).toMatchObject({ rateBasisPoints: 1900 })
    expect(projectTaxRate('HK', null)).toBeNull()
  })
})
