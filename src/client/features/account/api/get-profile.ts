/** GET /api/profile: the signed-in producer's profile (email read-only, full name editable). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Profile } from '../../../../shared/contract/profile.ts'
import { apiRequest } from '../../../api/http.ts'

export const PROFILE_LOAD_FAILED = 'Failed to load profile'

export async function getProfile(): Promise<Profile> {
  const body = await apiRequest<{ data: Profile }>('/api/profile', {}, PROFILE_LOAD_FAILED)
  return body.data
}

/** Keyed by user, so one producer's cached profile is never shown to the next one on this browser. */
export function profileQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['profile', userId], queryFn: getProfile })
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId))
}
