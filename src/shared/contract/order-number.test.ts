/** The order number shoppers see: the last 8 characters of the order id, uppercase. */
import { describe, expect, it } from 'vitest'
import { orderNumberOf } from './checkout.ts'

describe('orderNumberOf', () => {
  it('takes the last 8 characters of a UUID in upper case', () => {
    expect(orderNumberOf('3f2c9a1e-7b4d-4e2a-9c1f-0a1b2c3d4e5f')).toBe('2C3D4E5F')
  })

  it('keeps a short id whole', () => {
    expect(orderNumberOf('ab12')).toBe('AB12')
  })
})
