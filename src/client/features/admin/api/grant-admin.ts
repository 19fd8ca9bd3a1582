/** POST /api/admin/admins { email }: makes a confirmed account an admin; the list of admins refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminAccount, GrantAdminForm } from '../../../../shared/contract/admin-admins.ts'
import { apiRequest } from '../../../api/http.ts'
import { ADMINS_QUERY_KEY } from './get-admins.ts'

export function useGrantAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: GrantAdminForm) =>
      apiRequest<{ data: AdminAccount }>('/api/admin/admins', { method: 'POST', json: form }, 'Failed to grant the admin role').then((body) => body.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  })
}
