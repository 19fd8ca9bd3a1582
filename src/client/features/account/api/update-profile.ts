/** PATCH /api/profile `{ full_name }`: renames the signed-in producer; the email cannot change. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../../../../shared/contract/profile.ts'
import { apiRequest } from '../../../api/http.ts'

export const PROFILE_UPDATE_FAILED = 'Profile update failed'

export async function updateProfile(fullName: string): Promise<Profile> {
  const body = await apiRequest<{ data: Profile }>('/api/profile', { method: 'PATCH', json: { full_name: fullName } }, PROFILE_UPDATE_FAILED)
  return body.data
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(['profile', userId], profile),
  })
}
