/** The store's tax policy for component tests (GET /api/tax/policy): flat by default, or by country with a French seller; already in a query client, or as the API's answer. */
import { QueryClient } from '@tanstack/react-query'
import { taxPolicyQueryOptions } from '../../../src/client/tax/api/get-tax-policy.ts'
import type { PublicTaxPolicy } from '../../../src/shared/contract/tax.ts'
import type { TaxPolicy } from '../../../src/shared/tax/tax-types.ts'

export const TAX_POLICY_URL = '/api/tax/policy'

export function makeTaxPolicy(overrides: Partial<TaxPolicy> = {}): PublicTaxPolicy {
  return { policy: { mode: 'flat', pricesIncludeTax: false, sellerCountry: null, overrides: [], ...overrides }, rates: [] }
}

/** By the buyer's country, sold from France (so a German business with a valid number is reverse-charged). */
export function byCountryTaxPolicy(overrides: Partial<TaxPolicy> = {}): PublicTaxPolicy {
  return makeTaxPolicy({ mode: 'by-country', sellerCountry: 'FR', ...overrides })
}

/** The API's answer to GET /api/tax/policy. */
export function taxPolicyResponse(policy: PublicTaxPolicy = makeTaxPolicy()): Response {
  return Response.json({ data: policy })
}

/** A query client that already holds the policy, as after the first page that read it. */
export function queryClientWithTaxPolicy(policy: PublicTaxPolicy = makeTaxPolicy()): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(taxPolicyQueryOptions().queryKey, policy)
  return client
}
