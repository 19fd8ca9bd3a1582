/** GET /api/licences/:code: the public check of a licence certificate (no email). */
import { useQuery } from '@tanstack/react-query'
import { LICENCE_MESSAGES, type Licence } from '../../../../shared/contract/licences.ts'
import { apiRequest } from '../../../api/http.ts'

export async function getLicence(code: string): Promise<Licence> {
  const body = await apiRequest<{ data: Licence }>(`/api/licences/${encodeURIComponent(code)}`, {}, LICENCE_MESSAGES.loadFailed)
  return body.data
}

export function useLicence(code: string) {
  return useQuery({ queryKey: ['licence', code], queryFn: () => getLicence(code), retry: false })
}
