import { describe, expect, it } from 'vitest'
import { isUuid } from './ids.ts'

describe('isUuid', () => {
  it('accepts a record id in either case and refuses anything else', () => {
    expect(isUuid('0b5c8a3e-9f2d-4c1a-8e7b-6d5f4a3b2c1d')).toBe(true)
    expect(isUuid('0B5C8A3E-9F2D-4C1A-8E7B-6D5F4A3B2C1D')).toBe(true)
    for (const value of [
      '',
      'not-a-product',
      '0b5c8a3e-9f2d-4c1a-8e7b-6d5f4a3b2c1',
      '0b5c8a3e9f2d4c1a8e7b6d5f4a3b2c1d',
      ' 0b5c8a3e-9f2d-4c1a-8e7b-6d5f4a3b2c1d',
      "1' OR '1'='1",
    ]) {
      expect(isUuid(value)).toBe(false)
    }
  })
})
