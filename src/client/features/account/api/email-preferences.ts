/**
 * `GET`/`PATCH /api/email-preferences`: the signed-in shopper's email choices (cart reminders),
 * `POST /api/email-preferences/cart-reminders/{token}`: a reminder's unsubscribe link, and
 * `POST /api/email-preferences/product-updates/{token}`: an update email's.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES, type EmailPreferences, type EmailPreferencesChanges } from '../../../../shared/contract/email-preferences.ts'
import { apiRequest } from '../../../api/http.ts'

export const EMAIL_PREFERENCES_LOAD_FAILED = 'Failed to load your email choices'
export const EMAIL_PREFERENCES_SAVE_FAILED = 'Failed to save your email choices'
export const CART_REMINDERS_UNSUBSCRIBE_FAILED = 'Failed to turn cart reminders off. Please try again.'

export async function getEmailPreferences(): Promise<EmailPreferences> {
  return (await apiRequest<{ data: EmailPreferences }>('/api/email-preferences', {}, EMAIL_PREFERENCES_LOAD_FAILED)).data
}

/** Keyed by user, so one shopper's choices are never shown to the next one on this browser. */
export function emailPreferencesQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['email-preferences', userId], queryFn: getEmailPreferences })
}

export function useEmailPreferences(userId: string) {
  return useQuery(emailPreferencesQueryOptions(userId))
}

export async function updateEmailPreferences(changes: EmailPreferencesChanges): Promise<EmailPreferences> {
  return (await apiRequest<{ data: EmailPreferences }>('/api/email-preferences', { method: 'PATCH', json: changes }, EMAIL_PREFERENCES_SAVE_FAILED)).data
}

export function useUpdateEmailPreferences(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(emailPreferencesQueryOptions(userId).queryKey, preferences),
  })
}

/** Turns cart reminders off for the account the link's token names (no sign-in needed). */
export async function unsubscribeFromCartReminders(token: string): Promise<void> {
  await apiRequest(`/api/email-preferences/cart-reminders/${encodeURIComponent(token)}`, { method: 'POST' }, CART_REMINDERS_UNSUBSCRIBE_FAILED)
}

/** Turns "update available" emails off for the address the link's token names (no sign-in needed). */
export async function unsubscribeFromProductUpdates(token: string): Promise<void> {
  await apiRequest(`/api/email-preferences/product-updates/${encodeURIComponent(token)}`, { method: 'POST' }, PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES.failed)
}
