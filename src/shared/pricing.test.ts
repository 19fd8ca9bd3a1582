import { describe, expect, it } from 'vitest'
import { discountPercentLabel, lineTotalCents, percentCode, priceCart, FLAT_TAX, shareAmongLines, type CodeDiscount, type PricedLine } from './pricing.ts'

describe('priceCart', () => {
  it('sums what the shopper pays (sale price × quantity) and the saving against originals', () => {
    const totals = priceCart([
      { priceCents: 2999, originalPriceCents: 3999, quantity: 2 },
      { priceCents: 1999, originalPriceCents: null, quantity: 1 },
    ])
    expect(totals.itemCount).toBe(3)
    expect(totals.subtotalCents).toBe(7997)
    expect(totals.originalSubtotalCents).toBe(9997)
    expect(totals.savingsCents).toBe(2000)
    expect(totals.discountCents).toBe(0)
    // 8 % of 79.97 = 6.3976 → 6.40
    expect(totals.taxCents).toBe(640)
    expect(totals.totalCents).toBe(8637)
  })

  it('applies WELCOME10 to the subtotal, then 8 % tax on (subtotal − discount), to the cent', () => {
    const totals = priceCart(
      [
        { priceCents: 2999, quantity: 2 },
        { priceCents: 1999, quantity: 1 },
      ],
      0.1,
    )
    // 10 % of 79.97 = 7.997 → 8.00; 8 % of 71.97 = 5.7576 → 5.76
    expect(totals.discountCents).toBe(800)
    expect(totals.discountPercent).toBe(10)
    expect(totals.discountedSubtotalCents).toBe(7197)
    expect(totals.taxCents).toBe(576)
    expect(totals.totalCents).toBe(7773)
  })

  it('rounds an exact half cent up on the discount, and the tax to the nearest cent', () => {
    // 10 % of $10.05 = 100.5 cents → 101; SPECIAL25 on 2 cents = 0.5 → 1
    expect(priceCart([{ priceCents: 1005, quantity: 1 }], 0.1).discountCents).toBe(101)
    expect(priceCart([{ priceCents: 2, quantity: 1 }], 0.25).discountCents).toBe(1)
    // 10 % of $10.04 = 100.4 cents → 100
    expect(priceCart([{ priceCents: 1004, quantity: 1 }], 0.1).discountCents).toBe(100)
    // 8 % of a whole number of cents never ends in exactly half a cent: 19 → 1.52 → 2, 81 → 6.48 → 6
    expect(priceCart([{ priceCents: 19, quantity: 1 }]).taxCents).toBe(2)
    expect(priceCart([{ priceCents: 81, quantity: 1 }]).taxCents).toBe(6)
  })

  it('is not tipped by floating-point error where a naive Math.round(subtotal × rate) is', () => {
    // 50 × 0.29 = 14.499999999999998 in floating point; the exact value 14.5 rounds to 15.
    expect(Math.round(50 * 0.29)).toBe(14)
    expect(priceCart([{ priceCents: 50, quantity: 1 }], 0.29).discountCents).toBe(15)
    // 100 × 0.145 = 14.499999999999998; exact 14.5 → 15.
    expect(priceCart([{ priceCents: 25, quantity: 4 }], 0.145).discountCents).toBe(15)
  })

  it('gives each seeded promo its figure on a $100 cart', () => {
    const lines = [{ priceCents: 10000, quantity: 1 }]
    expect(priceCart(lines, 0.1)).toMatchObject({ discountCents: 1000, taxCents: 720, totalCents: 9720 })
    expect(priceCart(lines, 0.15)).toMatchObject({ discountCents: 1500, taxCents: 680, totalCents: 9180 })
    expect(priceCart(lines, 0.2)).toMatchObject({ discountCents: 2000, taxCents: 640, totalCents: 8640 })
    expect(priceCart(lines, 0.25)).toMatchObject({ discountCents: 2500, taxCents: 600, totalCents: 8100 })
  })

  it('prices an empty cart at zero', () => {
    expect(priceCart([], 0.2)).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      originalSubtotalCents: 0,
      savingsCents: 0,
      discountCents: 0,
      discountPercent: 20,
      lineDiscountsCents: [],
      discountedSubtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
      netCents: 0,
      tax: FLAT_TAX,
    })
  })

  it('adds an exclusive rate to subtotal minus discount, and carves an inclusive one out of it, rounding once per order', () => {
    const vat19 = { ...FLAT_TAX, mode: 'by-country' as const, rateBasisPoints: 1900, label: 'VAT 19%', country: 'DE' }
    const lines = [
      { priceCents: 1999, quantity: 1 },
      { priceCents: 999, quantity: 2 },
    ]
    // 3997 − 10 % (399.7 → 400) = 3597; 19 % of 3597 = 683.43 → 683.
    expect(priceCart(lines, 0.1, vat19)).toMatchObject({ discountedSubtotalCents: 3597, taxCents: 683, totalCents: 4280, netCents: 3597 })
    // Inclusive: 3597 holds 3597 × 19 / 119 = 574.31… → 574 of tax; the buyer pays 3597.
    expect(priceCart(lines, 0.1, { ...vat19, pricesIncludeTax: true })).toMatchObject({ taxCents: 574, totalCents: 3597, netCents: 3023 })
    // Reverse charge: 0 %, nothing added.
    expect(priceCart(lines, 0, { ...vat19, rateBasisPoints: 0, reverseCharge: true })).toMatchObject({ taxCents: 0, totalCents: 3997 })
  })

  it('shares an amount among lines by their prices, the rounding cents going to the largest remainders, summing exactly', () => {
    expect(shareAmongLines(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(shareAmongLines(683, [1999, 1998])).toEqual([342, 341])
    expect(shareAmongLines(5, [0, 0])).toEqual([5, 0])
    const shares = shareAmongLines(1234, [333, 333, 334, 1])
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1234)
  })

  it('ignores an "original" price that is not above the price (no negative saving)', () => {
    const totals = priceCart([{ priceCents: 2000, originalPriceCents: 1500, quantity: 3 }])
    expect(totals.originalSubtotalCents).toBe(6000)
    expect(totals.savingsCents).toBe(0)
  })

  it('clamps a discount to 0–100 % and treats a bad one as none', () => {
    const lines = [{ priceCents: 1000, quantity: 1 }]
    expect(priceCart(lines, 1.5).discountCents).toBe(1000)
    expect(priceCart(lines, 1.5).totalCents).toBe(0)
    expect(priceCart(lines, -0.2).discountCents).toBe(0)
    expect(priceCart(lines, Number.NaN).discountCents).toBe(0)
  })

  it('rejects fractional cents and bad quantities instead of guessing', () => {
    expect(() => priceCart([{ priceCents: 19.99, quantity: 1 }])).toThrow(RangeError)
    expect(() => priceCart([{ priceCents: 1999, quantity: 1.5 }])).toThrow(RangeError)
    expect(() => priceCart([{ priceCents: 1999, quantity: -1 }])).toThrow(RangeError)
  })

  it('keeps large carts exact', () => {
    const totals = priceCart([{ priceCents: 99_999, quantity: 100 }], 0.15)
    expect(totals.subtotalCents).toBe(9_999_900)
    expect(totals.discountCents).toBe(1_499_985)
    expect(totals.taxCents).toBe(679_993) // 8 % of 8 499 915 = 679 993.2
    expect(totals.totalCents).toBe(9_179_908)
  })
})

describe('discount labels and line totals', () => {
  it('shows a discount fraction as a rounded percent', () => {
    expect(discountPercentLabel(0.1)).toBe(10)
    expect(discountPercentLabel(0.125)).toBe(13)
    expect(discountPercentLabel(0.333)).toBe(33)
    expect(discountPercentLabel(0)).toBe(0)
  })

  it('multiplies a line price by its quantity', () => {
    expect(lineTotalCents({ priceCents: 2999, quantity: 3 })).toBe(8997)
  })
})

/** A code as the owner sets it: every line, no budget, unless the test says otherwise. */
const code = (terms: Partial<CodeDiscount>): CodeDiscount => ({ ...percentCode(0), ...terms })
const DRUMS = 'drum-kit'
const KEYS = 'keys-pack'
const DRUM_KITS = 'drum-kits'

describe('codes on lines (ADR 19: sale price first, then the code on the lines it covers, then tax)', () => {
  // Regular $40.00, a running sale makes it $30.00.
  const saleLine: PricedLine = { priceCents: 3000, originalPriceCents: 4000, quantity: 1, productId: DRUMS, categoryId: DRUM_KITS, onSale: true }

  it('takes a percent code off the sale price of a line on sale, and nothing off it when the code excludes sale items', () => {
    const onSalePrice = priceCart([saleLine], code({ percentOff: 10 }))
    // 10 % of the $30.00 sale price, not of the $40.00 regular one.
    expect(onSalePrice).toMatchObject({ subtotalCents: 3000, savingsCents: 1000, discountCents: 300, taxCents: 216, totalCents: 2916 })

    const notOnSale = priceCart([saleLine], code({ percentOff: 10, excludeSaleItems: true }))
    expect(notOnSale).toMatchObject({ discountCents: 0, lineDiscountsCents: [0], taxCents: 240, totalCents: 3240 })
    // A compare-at price below which the product sells counts as a sale line too.
    expect(priceCart([{ priceCents: 2499, originalPriceCents: 3499, quantity: 1 }], code({ percentOff: 10, excludeSaleItems: true })).discountCents).toBe(0)
  })

  it('discounts only the lines a limited code covers, each line carrying its share', () => {
    const lines: PricedLine[] = [
      { priceCents: 2000, quantity: 2, productId: DRUMS, categoryId: DRUM_KITS },
      { priceCents: 1999, quantity: 1, productId: KEYS, categoryId: 'instruments' },
      { priceCents: 1000, quantity: 1, productId: 'snare-one-shots', categoryId: DRUM_KITS },
    ]
    const byProduct = priceCart(lines, code({ percentOff: 25, productIds: [KEYS] }))
    // 25 % of $19.99 = 4.9975 → $5.00, all on the keys line.
    expect(byProduct).toMatchObject({ subtotalCents: 6999, discountCents: 500, lineDiscountsCents: [0, 500, 0], discountPercent: 25 })

    const byCategory = priceCart(lines, code({ amountOffCents: 1000, percentOff: null, categoryIds: [DRUM_KITS] }))
    // $10.00 off the $50.00 of drum kits, shared by amount: $8.00 and $2.00; the keys line keeps its price.
    expect(byCategory).toMatchObject({ discountCents: 1000, lineDiscountsCents: [800, 0, 200], discountPercent: 0 })
    expect(byCategory.taxCents).toBe(480) // 8 % of 59.99
    expect(byCategory.totalCents).toBe(6479)

    expect(priceCart(lines, code({ percentOff: 25, productIds: ['not-in-cart'] }))).toMatchObject({ discountCents: 0, lineDiscountsCents: [0, 0, 0] })
  })

  it('gives a fixed code larger than the lines it covers only those lines: the buyer pays tax on nothing, or the other lines', () => {
    const single = priceCart([{ priceCents: 300, quantity: 1, productId: DRUMS }], code({ percentOff: null, amountOffCents: 500 }))
    expect(single).toMatchObject({ subtotalCents: 300, discountCents: 300, lineDiscountsCents: [300], taxCents: 0, totalCents: 0 })

    const withOther = priceCart(
      [
        { priceCents: 300, quantity: 1, productId: DRUMS },
        { priceCents: 1000, quantity: 1, productId: KEYS },
      ],
      code({ percentOff: null, amountOffCents: 500, productIds: [DRUMS] }),
    )
    // The $5.00 code covers the $3.00 drums line only: $3.00 off, the keys line is charged in full, with its tax.
    expect(withOther).toMatchObject({ discountCents: 300, lineDiscountsCents: [300, 0], taxCents: 80, totalCents: 1080 })
  })

  it('caps the discount at what is left of the budget', () => {
    const lines: PricedLine[] = [{ priceCents: 5000, quantity: 2, productId: DRUMS }]
    expect(priceCart(lines, code({ percentOff: 20, budgetLeftCents: 750 }))).toMatchObject({ discountCents: 750, taxCents: 740, totalCents: 9990 })
    expect(priceCart(lines, code({ percentOff: null, amountOffCents: 300, budgetLeftCents: 100 })).discountCents).toBe(100)
    expect(priceCart(lines, code({ percentOff: 20, budgetLeftCents: 0 }))).toMatchObject({ discountCents: 0, totalCents: 10_800 })
    // Enough budget left: the code's own figure.
    expect(priceCart(lines, code({ percentOff: 20, budgetLeftCents: 5000 })).discountCents).toBe(2000)
  })
})
