/**
 * DELETE /api/licence-keys/:keyId/activations/:activationId: the buyer frees one activation of
 * their key (a machine they no longer use), so the key can be activated on another. The keys
 * are read again afterwards, and after a refusal too (the activation may be gone already).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../api/http.ts'
import { licenceKeysQueryKey } from './get-licence-keys.ts'

export function useFreeActivation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ keyId, activationId }: { keyId: string; activationId: string }) =>
      apiRequest<null>(
        `/api/licence-keys/${encodeURIComponent(keyId)}/activations/${encodeURIComponent(activationId)}`,
        { method: 'DELETE' },
        'Failed to free the activation',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenceKeysQueryKey(userId) }),
  })
}
