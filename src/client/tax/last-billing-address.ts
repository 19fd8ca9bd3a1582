/**
 * The country, region and postal code this browser last checked out with (localStorage key
 * als_billing_address), so the next checkout and Buy Now start from them: a returning buyer
 * confirms instead of choosing again. Only what tax needs is kept, never the street or name.
 */
import { isCountryCode } from '../../shared/address/countries.ts'
import type { BillingCountry } from './tax-place.ts'

const STORAGE_KEY = 'als_billing_address'

/** The remembered address, or null when there is none (or storage is unavailable, or it names no country). */
export function readLastBillingAddress(): BillingCountry | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const saved = JSON.parse(raw) as Partial<Record<keyof BillingCountry, unknown>>
    if (typeof saved.countryCode !== 'string' || !isCountryCode(saved.countryCode)) return null
    return {
      countryCode: saved.countryCode,
      state: typeof saved.state === 'string' ? saved.state : '',
      postalCode: typeof saved.postalCode === 'string' ? saved.postalCode : '',
    }
  } catch {
    return null
  }
}

export function saveLastBillingAddress({ countryCode, state, postalCode }: BillingCountry): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ countryCode, state: state.trim(), postalCode: postalCode.trim() }))
  } catch {
    // Private mode or a full storage: the next checkout simply starts from the default.
  }
}
