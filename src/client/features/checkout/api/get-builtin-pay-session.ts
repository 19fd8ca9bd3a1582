/**
 * GET /api/builtin-pay/sessions/:id: a built-in test checkout session as its payment page shows
 * it. Embedded sessions answer only with their client secret (sent as a header, never in the URL).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BuiltinPaySession } from '../../../../shared/contract/payments.ts'
import { apiRequest } from '../../../api/http.ts'

export const LOAD_PAY_SESSION_FAILED = 'Failed to load this checkout session'

export function getBuiltinPaySession(sessionId: string, clientSecret?: string): Promise<BuiltinPaySession> {
  return apiRequest<BuiltinPaySession>(
    `/api/builtin-pay/sessions/${encodeURIComponent(sessionId)}`,
    clientSecret ? { headers: { 'X-Client-Secret': clientSecret } } : {},
    LOAD_PAY_SESSION_FAILED,
  )
}

export function builtinPaySessionQueryOptions(sessionId: string, clientSecret?: string) {
  // The session changes state (paid, expired): always ask the server, never serve a stale copy.
  return queryOptions({
    queryKey: ['builtin-pay-session', sessionId],
    queryFn: () => getBuiltinPaySession(sessionId, clientSecret),
    staleTime: 0,
    enabled: sessionId !== '',
  })
}

export function useBuiltinPaySession(sessionId: string, clientSecret?: string) {
  return useQuery(builtinPaySessionQueryOptions(sessionId, clientSecret))
}
