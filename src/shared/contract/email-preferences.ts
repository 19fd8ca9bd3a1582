/**
 * What a signed-in shopper lets the store email them beyond receipts (`GET`/`PATCH
 * /api/email-preferences`), and the signed link in each cart reminder that turns reminders off
 * without signing in (`/email-preferences/cart-reminders/{token}`, which posts the token to
 * `POST /api/email-preferences/cart-reminders/{token}`). Everything is on until the shopper turns
 * it off.
 */
import { z } from 'zod'

export const emailPreferencesSchema = z.object({
  /** One reminder of a cart left unpaid for a day (sent only when the owner turned reminders on). */
  cartReminders: z.boolean(),
})
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { cartReminders: true }

export const emailPreferencesResponseSchema = z.object({ data: emailPreferencesSchema })

export const EMAIL_PREFERENCES_MESSAGES = {
  cartReminders: 'Cart reminders must be true or false',
  invalidLink: 'This unsubscribe link is not valid. Turn cart reminders off in your profile instead.',
  unsubscribed: "You won't get cart reminders from us anymore.",
} as const

export const updateEmailPreferencesRequestSchema = z.strictObject({
  cartReminders: z.boolean({ error: EMAIL_PREFERENCES_MESSAGES.cartReminders }),
})
export type EmailPreferencesChanges = z.output<typeof updateEmailPreferencesRequestSchema>

/** The unsubscribe token: the account id and its MAC, base64url, end to end (links sent before joined them with a dot); the server tells a valid one. */
export const unsubscribeTokenSchema = z.string().max(200)

/** The checkbox on the profile. */
export const CART_REMINDER_EMAILS_LABEL = 'Email me a reminder about a cart I left'

/** The page a cart reminder's unsubscribe link opens. */
export const cartRemindersUnsubscribePath = (token: string): string => `/email-preferences/cart-reminders/${encodeURIComponent(token)}`

/** An "update available" email's unsubscribe link: turns those emails off for its address, with or without an account. */
export const PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. If you have an account, turn update emails off in your profile instead.',
  unsubscribed: "You won't get emails about new versions of products you bought anymore.",
  failed: 'Failed to turn update emails off',
} as const

/** The page an update email's unsubscribe link opens. */
export const productUpdatesUnsubscribePath = (token: string): string => `/email-preferences/product-updates/${encodeURIComponent(token)}`
