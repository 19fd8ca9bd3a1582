/**
 * GET /api/tax/policy: how the store charges tax (flat estimate, by the buyer's country, or
 * Stripe Tax), whether prices include it, the seller's country and the owner's rates, from which
 * the drawer, the cart page and checkout compute the buyer's tax. It changes only when the owner
 * saves the tax settings, so it is kept for half an hour; checkout's answer carries the server's
 * own figures meanwhile.
 */
import { queryOptions } from '@tanstack/react-query'
import type { PublicTaxPolicy } from '../../../shared/contract/tax.ts'
import { apiRequest } from '../../api/http.ts'

const HALF_AN_HOUR = 30 * 60 * 1000

export async function getTaxPolicy(): Promise<PublicTaxPolicy> {
  const body = await apiRequest<{ data: PublicTaxPolicy }>('/api/tax/policy', {}, 'Failed to load the tax policy')
  return body.data
}

export function taxPolicyQueryOptions() {
  return queryOptions({ queryKey: ['tax-policy'], queryFn: getTaxPolicy, staleTime: HALF_AN_HOUR, gcTime: HALF_AN_HOUR })
}
