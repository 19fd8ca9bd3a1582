/**
 * The buyer's tax for the cart: the store's policy (GET /api/tax/policy) applied to where the
 * buyer is by the shared rules (src/shared/tax/tax-rules.ts), which the server prices the order
 * with too. Where the buyer is comes from the checkout form, or before checkout from the address
 * this browser last checked out with. Until the policy is known, or when it cannot be read, the
 * tax is the flat estimate, the spec's default (checkout's answer then carries the server's).
 * Below the features: the cart's figures, checkout and Buy Now all tax the buyer from here.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { FLAT_TAX } from '../../shared/pricing.ts'
import { taxTreatmentFor } from '../../shared/tax/tax-rules.ts'
import type { TaxBuyerPlace, TaxMode, TaxPolicy, TaxTreatment } from '../../shared/tax/tax-types.ts'
import { taxPolicyQueryOptions } from './api/get-tax-policy.ts'
import { readLastBillingAddress } from './last-billing-address.ts'

/** The store's tax policy, or null until it is known. */
export function useTaxPolicy(): TaxPolicy | null {
  return useQuery(taxPolicyQueryOptions()).data?.policy ?? null
}

/** How the store charges tax; flat until the policy is known. */
export function useTaxMode(): TaxMode {
  return useTaxPolicy()?.mode ?? 'flat'
}

/** Where this browser last checked out from: its country and region; never a business (its VAT number is not kept). */
export function rememberedTaxPlace(): TaxBuyerPlace {
  const last = readLastBillingAddress()
  return { country: last?.countryCode ?? null, region: last?.state || null, validVatNumber: false }
}

/** The treatment the buyer's order is priced with: for the place given, else for this browser's last billing address. */
export function useTaxTreatment(place?: TaxBuyerPlace): TaxTreatment {
  const policy = useTaxPolicy()
  const { country, region, validVatNumber } = place ?? rememberedTaxPlace()
  return useMemo(
    () => (!policy || policy.mode === 'flat' ? FLAT_TAX : taxTreatmentFor(policy, { country, region, validVatNumber })),
    [policy, country, region, validVatNumber],
  )
}
