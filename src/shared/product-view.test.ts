import { describe, expect, it } from 'vitest'
import { centsToDollarString, dollarsToCents, formatPrice } from './money.ts'
import { discountPercent, fileSizeMb, filledStars, isDigitalProduct, PLACEHOLDER_IMAGE, productImages, purchaseLimit, responsiveImage } from './product-view.ts'

describe('money', () => {
  it('formats cents as dollars with 2 decimals', () => {
    expect(formatPrice(2999)).toBe('$29.99')
    expect(formatPrice(5)).toBe('$0.05')
    expect(formatPrice(123456)).toBe('$1,234.56')
    expect(formatPrice(-250)).toBe('-$2.50')
    expect(centsToDollarString(4900)).toBe('49.00')
  })

  it('parses dollars into cents without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents('0.29')).toBe(29)
    expect(() => dollarsToCents('abc')).toThrow(RangeError)
  })
})

describe('product view rules', () => {
  it('computes the badge percent as round((original − price) / original × 100)', () => {
    expect(discountPercent(4999, 2999)).toBe(40)
    expect(discountPercent(3000, 1999)).toBe(33)
    expect(discountPercent(null, 1999)).toBeNull()
    expect(discountPercent(1999, 1999)).toBeNull()
  })

  it('treats digital_download or purchase_limit "1" as digital', () => {
    expect(isDigitalProduct({ product_type: 'digital_download' })).toBe(true)
    expect(isDigitalProduct({ purchase_limit: '1' })).toBe(true)
    expect(isDigitalProduct({ purchase_limit: '3' })).toBe(false)
    expect(isDigitalProduct({})).toBe(false)
    expect(isDigitalProduct(null)).toBe(false)
  })

  it('reads the purchase limit from its string', () => {
    expect(purchaseLimit({ purchase_limit: '5' })).toBe(5)
    expect(purchaseLimit({ purchase_limit: 'lots' })).toBeNull()
    expect(purchaseLimit({})).toBeNull()
  })

  it('shows file sizes in MB with one decimal', () => {
    expect(fileSizeMb(1048576)).toBe('1.0')
    expect(fileSizeMb('15728640')).toBe('15.0')
    expect(fileSizeMb(1572864)).toBe('1.5')
    expect(fileSizeMb(null)).toBe('0.0')
    expect(fileSizeMb(5120)).toBe('< 0.1')
    expect(fileSizeMb(60000)).toBe('0.1')
  })

  it('fills the floor of the rating', () => {
    expect(filledStars(4.9)).toBe(4)
    expect(filledStars(5)).toBe(5)
    expect(filledStars(7)).toBe(5)
    expect(filledStars(undefined)).toBe(0)
  })

  it('lists imageUrl then metadata images, else the placeholder', () => {
    expect(productImages('/a.webp', { images: ['/b.webp', '/a.webp'] })).toEqual(['/a.webp', '/b.webp'])
    expect(productImages(null, {})).toEqual([PLACEHOLDER_IMAGE])
  })

  it('builds a srcSet for images stored at the standard widths', () => {
    expect(responsiveImage('/media/covers/x-1-640.webp')).toEqual({
      src: '/media/covers/x-1-640.webp',
      srcSet:
        '/media/covers/x-1-320.webp 320w, /media/covers/x-1-480.webp 480w, /media/covers/x-1-640.webp 640w, /media/covers/x-1-768.webp 768w, /media/covers/x-1-1024.webp 1024w',
    })
    expect(responsiveImage('/media/products/p/cover-abc-1024.webp').src).toBe('/media/products/p/cover-abc-640.webp')
    expect(responsiveImage('/placeholder-product.svg')).toEqual({ src: '/placeholder-product.svg' })
  })
})
