/** POST /api/admin/admins { email, role }: gives a confirmed account the admin or support role; the staff list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminAccount, GrantStaffRoleForm } from '../../../../../shared/contract/admin-admins.ts'
import { apiRequest } from '../../../../api/http.ts'
import { ADMINS_QUERY_KEY } from './get-admins.ts'

export function useGrantAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: GrantStaffRoleForm) =>
      apiRequest<{ data: AdminAccount }>('/api/admin/admins', { method: 'POST', json: form }, 'Failed to grant the role').then((body) => body.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  })
}
