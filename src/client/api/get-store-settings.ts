/**
 * GET /api/store-settings: the texts the owner set for every page (store name, support address
 * and reply time, the cart's trust notes, social links, a review claim). A page never shows the
 * defaults before the owner's texts: the server renders its pages with this query filled, and
 * hands every page the same answer in `<script id="als-store-settings">`, which is this query's
 * first data in the browser. Until it has data (a failed request) nothing claims anything.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicStoreSettings } from '../../shared/contract/store-settings.ts'
import { apiRequest } from './http.ts'
import { FIVE_MINUTES } from './query-client.ts'

export const STORE_SETTINGS_QUERY_KEY = ['store-settings'] as const
/** The element the server puts the settings in, on every page. */
const EMBEDDED_ID = 'als-store-settings'

async function getStoreSettings(): Promise<PublicStoreSettings> {
  const body = await apiRequest<{ data: PublicStoreSettings }>('/api/store-settings', {}, 'Failed to load the store settings')
  return body.data
}

/** The settings the server put in this page, read once when the app starts; none on the server or in tests. */
const embedded: PublicStoreSettings | undefined = (() => {
  if (typeof document === 'undefined') return undefined
  const text = document.getElementById(EMBEDDED_ID)?.textContent
  if (!text) return undefined
  try {
    return (JSON.parse(text) as { data: PublicStoreSettings }).data
  } catch {
    return undefined
  }
})()
const embeddedAt = Date.now()

export function storeSettingsQueryOptions() {
  return queryOptions({
    queryKey: STORE_SETTINGS_QUERY_KEY,
    queryFn: getStoreSettings,
    staleTime: FIVE_MINUTES,
    ...(embedded ? { initialData: embedded, initialDataUpdatedAt: embeddedAt } : {}),
  })
}

/** The owner's texts, or undefined until they are known (nothing that depends on them shows meanwhile). */
export function useStoreSettings(): PublicStoreSettings | undefined {
  return useQuery(storeSettingsQueryOptions()).data
}
