/** The billing address rules: countries, regions only where a country has them, postal codes by the country's format. */
import { describe, expect, it } from 'vitest'
import { firstAddressError, normalizeBillingAddress, validateBillingAddress } from './billing-address.ts'
import { COUNTRIES, countryCodeOfName, countryInSentence, countryName } from './countries.ts'
import { isValidPostalCode, postalCodeExampleOf, postalCodeRuleOf } from './postal-codes.ts'
import { COUNTRIES_WITH_REGIONS, findRegion, regionLabelOf, regionsOf } from './regions.ts'

describe('the country list', () => {
  it('holds every ISO 3166-1 country by its English name, sorted, with the spec’s four', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249)
    const names = COUNTRIES.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    for (const name of ['United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'Brazil', 'Japan']) expect(names).toContain(name)
    expect(names).not.toContain('United States of America')
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length)
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true)
  })

  it('reads the names an older order kept, in any case, and names a code in a sentence', () => {
    expect(countryCodeOfName('United States')).toBe('US')
    expect(countryCodeOfName('united states of america')).toBe('US')
    expect(countryCodeOfName('Canada')).toBe('CA')
    expect(countryCodeOfName('Atlantis')).toBeNull()
    expect(countryName('DE')).toBe('Germany')
    expect(countryInSentence('US')).toBe('the United States')
    expect(countryInSentence('NL')).toBe('the Netherlands')
    expect(countryInSentence('CA')).toBe('Canada')
  })
})

describe('regions', () => {
  it('are asked in the countries whose addresses need them, each with its own label', () => {
    expect(COUNTRIES_WITH_REGIONS).toEqual(expect.arrayContaining(['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'JP', 'AR', 'CN', 'IT', 'MY']))
    expect(COUNTRIES_WITH_REGIONS).not.toContain('DE')
    expect(regionLabelOf('CA').label).toBe('Province')
    expect(regionLabelOf('JP').label).toBe('Prefecture')
    expect(regionLabelOf('DE').label).toBe('State / Province')
    expect(regionsOf('CA')).toContainEqual({ code: 'ON', name: 'Ontario' })
    expect(regionsOf('DE')).toEqual([])
    expect(findRegion('CA', 'ontario')).toEqual({ code: 'ON', name: 'Ontario' })
    expect(findRegion('CA', 'on')?.code).toBe('ON')
    expect(findRegion('CA', 'Texas')).toBeNull()
  })
})

describe('postal codes', () => {
  it('are required where the format is known, optional where it allows none, not asked elsewhere', () => {
    expect(postalCodeRuleOf('DE')).toBe('required')
    expect(postalCodeRuleOf('NG')).toBe('optional')
    expect(postalCodeRuleOf('HK')).toBe('none')
  })

  it('have examples that pass their own country’s format', () => {
    for (const { code } of COUNTRIES) {
      const example = postalCodeExampleOf(code)
      if (example) expect(isValidPostalCode(code, example), `${code} ${example}`).toBe(true)
    }
  })
})

describe('validateBillingAddress', () => {
  it('passes Germany without a state and with a German postal code', () => {
    expect(validateBillingAddress({ countryCode: 'DE', postalCode: '10115' })).toEqual({})
  })

  it('refuses Canada without a province, with the sentence', () => {
    expect(validateBillingAddress({ countryCode: 'CA', postalCode: 'K1A 0B1' })).toEqual({ state: 'Choose a province' })
    expect(validateBillingAddress({ countryCode: 'CA', state: 'TX', postalCode: 'K1A 0B1' })).toEqual({ state: 'Choose a province of Canada from the list' })
    expect(validateBillingAddress({ countryCode: 'JP', state: '', postalCode: '100-0001' })).toEqual({ state: 'Choose a prefecture' })
  })

  it('checks a Canadian postal code by Canada’s format', () => {
    expect(validateBillingAddress({ countryCode: 'CA', state: 'ON', postalCode: 'K1A 0B1' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'CA', state: 'ON', postalCode: 'k1a0b1' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'CA', state: 'ON', postalCode: '12345' })).toEqual({
      postalCode: 'Enter a valid postal code for Canada, for example K1A 0B1',
    })
    expect(validateBillingAddress({ countryCode: 'CA', state: 'ON' })).toEqual({ postalCode: 'Enter your postal code' })
  })

  it('checks a US ZIP code and a UK postcode', () => {
    expect(validateBillingAddress({ countryCode: 'US', state: 'NY', postalCode: '10001' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'US', state: 'NY', postalCode: '10001-1234' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'US', state: 'NY', postalCode: '1000' }).postalCode).toBe(
      'Enter a valid postal code for the United States, for example 94103',
    )
    expect(validateBillingAddress({ countryCode: 'GB', postalCode: 'SW1A 1AA' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'GB', postalCode: 'NW8 9AY' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'GB', postalCode: '90210' }).postalCode).toBe(
      'Enter a valid postal code for the United Kingdom, for example SW1A 1AA',
    )
  })

  it('names a country without an example plainly', () => {
    expect(validateBillingAddress({ countryCode: 'IS', postalCode: 'abc' }).postalCode).toBe('Enter a valid postal code for Iceland')
  })

  it('refuses an unknown or missing country', () => {
    expect(validateBillingAddress({ countryCode: 'XX', postalCode: '10115' })).toEqual({ countryCode: 'Choose a country from the list' })
    expect(validateBillingAddress({ country: 'Atlantis' })).toEqual({ countryCode: 'Choose a country from the list' })
    expect(validateBillingAddress({})).toEqual({ countryCode: 'Choose your country' })
  })

  it('reads an older client’s country name', () => {
    expect(validateBillingAddress({ country: 'Canada', state: 'Ontario', postalCode: 'K1A 0B1' })).toEqual({})
  })

  it('asks nothing of a country without regions or postal codes', () => {
    expect(validateBillingAddress({ countryCode: 'HK' })).toEqual({})
    expect(validateBillingAddress({ countryCode: 'NG' })).toEqual({})
  })

  it('names the first error in the form’s order', () => {
    expect(firstAddressError(validateBillingAddress({ countryCode: 'CA', postalCode: '1' }))).toEqual({ field: 'state', message: 'Choose a province' })
    expect(firstAddressError({})).toBeNull()
  })
})

describe('normalizeBillingAddress', () => {
  it('keeps the code, its name, the region’s code and the postal code in its usual form', () => {
    expect(normalizeBillingAddress({ countryCode: 'ca', state: 'ontario', postalCode: ' k1a   0b1 ' })).toEqual({
      countryCode: 'CA',
      country: 'Canada',
      state: 'ON',
      postalCode: 'K1A 0B1',
    })
    expect(normalizeBillingAddress({ country: 'Germany', postalCode: '10115' })).toEqual({ countryCode: 'DE', country: 'Germany', postalCode: '10115' })
  })
})
