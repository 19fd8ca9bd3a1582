/**
 * The owner's store settings: GET /api/admin/settings and the save (PUT, over the version the
 * form was opened at; a newer one saved since is a 409 STALE_VERSION). A save refreshes the
 * storefront's own read of the settings too, so the owner sees their texts in the store at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminStoreSettings, StoreSettingsSave } from '../../../../../shared/contract/store-settings.ts'
import { STORE_SETTINGS_QUERY_KEY } from '../../../../api/get-store-settings.ts'
import { apiRequest } from '../../../../api/http.ts'

const KEY = ['admin', 'settings'] as const

export function useAdminSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: AdminStoreSettings }>('/api/admin/settings', {}, 'Failed to load the settings').then((body) => body.data),
  })
}

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: StoreSettingsSave) =>
      apiRequest<{ data: AdminStoreSettings }>('/api/admin/settings', { method: 'PUT', json: save }, 'Failed to save the settings').then((body) => body.data),
    onSuccess: async (saved) => {
      queryClient.setQueryData(KEY, saved)
      await queryClient.invalidateQueries({ queryKey: STORE_SETTINGS_QUERY_KEY })
    },
  })
}
