/** GET /api/dev/mailbox (development only): the mail the store would have sent, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../api/http.ts'

export interface MailboxMessage {
  id: string
  from: string
  to: string
  subject: string
  text: string
  html?: string | null
  sentAt: string
}

export async function getDevMailbox(): Promise<MailboxMessage[]> {
  const body = await apiRequest<{ data: MailboxMessage[] }>('/api/dev/mailbox', {}, 'Failed to load the mailbox')
  return body.data
}

export function devMailboxQueryOptions() {
  // Always fresh: the point of the page is to see the message that was just sent.
  return queryOptions({ queryKey: ['dev-mailbox'], queryFn: getDevMailbox, staleTime: 0 })
}

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions())
}
