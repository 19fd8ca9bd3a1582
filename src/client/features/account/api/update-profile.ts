/** PATCH /api/profile `{ full_name?, product_update_emails? }`: renames the signed-in producer or changes their email choice; the email cannot change. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile, ProfileChanges } from '../../../../shared/contract/profile.ts'
import { apiRequest } from '../../../api/http.ts'

export const PROFILE_UPDATE_FAILED = 'Profile update failed'

export async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const body = await apiRequest<{ data: Profile }>('/api/profile', { method: 'PATCH', json: changes }, PROFILE_UPDATE_FAILED)
  return body.data
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(['profile', userId], profile),
  })
}
