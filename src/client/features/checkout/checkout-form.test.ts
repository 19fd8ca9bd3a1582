/** The Information step's rules: the three enforced fields, the starting country and the billing details kept. */
import { describe, expect, it } from 'vitest'
import { billingDetailsOf, countryBillingDetailsOf, customerName, emptyCheckoutInformation, hasRequiredInformation } from './checkout-form.ts'

describe('checkout information', () => {
  it('starts in the United States with the given email, or where this browser bought last', () => {
    expect(emptyCheckoutInformation('ada@example.com')).toMatchObject({ email: 'ada@example.com', countryCode: 'US', state: '', firstName: '' })
    expect(emptyCheckoutInformation('', { countryCode: 'CA', state: 'ON', postalCode: 'K1A 0B1' })).toMatchObject({
      countryCode: 'CA',
      state: 'ON',
      postalCode: 'K1A 0B1',
    })
  })

  it('needs email, first name and last name, and nothing else', () => {
    const filled = { ...emptyCheckoutInformation('ada@example.com'), firstName: 'Ada', lastName: 'Lovelace' }
    expect(hasRequiredInformation(filled)).toBe(true)
    expect(hasRequiredInformation({ ...filled, lastName: '   ' })).toBe(false)
    expect(hasRequiredInformation({ ...filled, email: '' })).toBe(false)
    expect(hasRequiredInformation({ ...filled, firstName: '' })).toBe(false)
  })

  it('keeps trimmed billing details with the country’s code and name, and leaves blank optional parts out', () => {
    const information = {
      ...emptyCheckoutInformation(' ada@example.com '),
      firstName: 'Ada ',
      lastName: ' Lovelace',
      city: ' London ',
      apartment: '  ',
      countryCode: 'GB',
      postalCode: ' NW8 9AY ',
    }
    expect(billingDetailsOf(information)).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      countryCode: 'GB',
      country: 'United Kingdom',
      city: 'London',
      postalCode: 'NW8 9AY',
    })
    expect(customerName(information)).toBe('Ada Lovelace')
  })

  it('sends a region and a postal code only where the country asks for them', () => {
    expect(countryBillingDetailsOf({ countryCode: 'DE', state: 'ON', postalCode: '10115' })).toEqual({
      countryCode: 'DE',
      country: 'Germany',
      postalCode: '10115',
    })
    expect(countryBillingDetailsOf({ countryCode: 'CA', state: 'ON', postalCode: 'K1A 0B1' })).toEqual({
      countryCode: 'CA',
      country: 'Canada',
      state: 'ON',
      postalCode: 'K1A 0B1',
    })
    expect(countryBillingDetailsOf({ countryCode: 'HK', state: '', postalCode: '999077' })).toEqual({ countryCode: 'HK', country: 'Hong Kong' })
  })
})
