/** DELETE /api/admin/admins/:userId: takes a staff account's role back (a shopper again); the staff list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../../api/http.ts'
import { ADMINS_QUERY_KEY } from './get-admins.ts'

export function useRevokeAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => apiRequest<null>(`/api/admin/admins/${encodeURIComponent(userId)}`, { method: 'DELETE' }, 'Failed to revoke the role'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  })
}
