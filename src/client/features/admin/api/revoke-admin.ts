/** DELETE /api/admin/admins/:userId: takes another admin's role back; the list of admins refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../api/http.ts'
import { ADMINS_QUERY_KEY } from './get-admins.ts'

export function useRevokeAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<null>(`/api/admin/admins/${encodeURIComponent(userId)}`, { method: 'DELETE' }, 'Failed to revoke the admin role'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  })
}
