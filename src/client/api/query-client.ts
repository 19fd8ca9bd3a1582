/** TanStack Query defaults from the spec: retry once, no refetch on window focus. */
import { QueryClient } from '@tanstack/react-query'

export const FIVE_MINUTES = 5 * 60 * 1000
export const FIFTEEN_MINUTES = 15 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: FIVE_MINUTES },
    },
  })
}
