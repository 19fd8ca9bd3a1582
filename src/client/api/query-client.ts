/** TanStack Query defaults: retry once, no refetch on window focus. */
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './http.ts'

export const FIVE_MINUTES = 5 * 60 * 1000
export const FIFTEEN_MINUTES = 15 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: FIVE_MINUTES },
    },
  })
}

/** One retry, but not for a 4xx: asking again for a missing product only delays "Product Not Found". */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}
