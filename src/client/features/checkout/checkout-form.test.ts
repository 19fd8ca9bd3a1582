/** The Information step's rules: the three enforced fields, countries and the billing details kept. */
import { describe, expect, it } from 'vitest'
import { BILLING_COUNTRIES, billingDetailsOf, customerName, emptyCheckoutInformation, hasRequiredInformation } from './checkout-form.ts'

describe('checkout information', () => {
  it('starts in the United States with the given email', () => {
    expect(emptyCheckoutInformation('ada@example.com')).toMatchObject({ email: 'ada@example.com', country: 'United States', firstName: '' })
    expect(BILLING_COUNTRIES).toEqual(['United States', 'Canada', 'United Kingdom', 'Australia'])
  })

  it('needs email, first name and last name, and nothing else', () => {
    const filled = { ...emptyCheckoutInformation('ada@example.com'), firstName: 'Ada', lastName: 'Lovelace' }
    expect(hasRequiredInformation(filled)).toBe(true)
    expect(hasRequiredInformation({ ...filled, lastName: '   ' })).toBe(false)
    expect(hasRequiredInformation({ ...filled, email: '' })).toBe(false)
    expect(hasRequiredInformation({ ...filled, firstName: '' })).toBe(false)
  })

  it('keeps trimmed billing details and leaves blank optional parts out', () => {
    const information = { ...emptyCheckoutInformation(' ada@example.com '), firstName: 'Ada ', lastName: ' Lovelace', city: ' London ', apartment: '  ' }
    expect(billingDetailsOf(information)).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United States',
      city: 'London',
    })
    expect(customerName(information)).toBe('Ada Lovelace')
  })
})
