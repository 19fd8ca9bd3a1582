/** The public store settings for component tests: the defaults (the spec's texts) with any field overridden, already in a query client. */
import { QueryClient } from '@tanstack/react-query'
import { STORE_SETTINGS_QUERY_KEY } from '../../../src/client/api/get-store-settings.ts'
import { defaultStoreSettings, type PublicStoreSettings } from '../../../src/shared/contract/store-settings.ts'

export function makeStoreSettings(overrides: Partial<PublicStoreSettings> = {}): PublicStoreSettings {
  const { receiptThankYou: _thankYou, receiptFootnote: _footnote, ...shown } = defaultStoreSettings('support@audiolab.store')
  return { ...shown, ...overrides }
}

/** A query client that already holds the settings, as a page the server rendered (or embedded them in) does. */
export function queryClientWithSettings(overrides: Partial<PublicStoreSettings> = {}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(STORE_SETTINGS_QUERY_KEY, makeStoreSettings(overrides))
  return client
}
