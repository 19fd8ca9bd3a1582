/** POST /api/email-signup/unsubscribe/:token: a news email's unsubscribe link, opened; answers the sentence saying so. */
import { UNSUBSCRIBE_MESSAGES } from '../../../../shared/contract/subscribers.ts'
import { apiRequest } from '../../../api/http.ts'

export async function postNewsUnsubscribe(token: string): Promise<string> {
  const answer = await apiRequest<{ data: { message: string } }>(
    `/api/email-signup/unsubscribe/${encodeURIComponent(token)}`,
    { method: 'POST' },
    UNSUBSCRIBE_MESSAGES.failed,
  )
  return answer.data.message
}
