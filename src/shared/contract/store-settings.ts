/**
 * The store's settings an owner edits in the console (`/admin/settings`): the store's name, the
 * support address and reply time, the cart's trust notes and guarantee, the footer's social links,
 * the receipt's texts, a review claim and whether forgotten carts get a reminder. Their defaults
 * are the spec's texts, except the review claim, which is empty (the store claims no reviews its
 * owner did not write), and the reminders, which are off until the owner turns them on. One schema for the
 * console's form, the server and the public answer, so a field is refused with the same words
 * everywhere.
 */
import { z } from 'zod'
import { SITE_NAME } from '../routes.ts'
import { isValidEmail } from './email-rules.ts'
import { versionSchema } from './strict-input.ts'
import { SUPPORT_REPLY_TIME } from './support.ts'

export const STORE_SETTINGS_LIMITS = {
  storeName: 60,
  supportReplyTime: 60,
  note: 120,
  reviewClaim: 200,
  receiptText: 500,
  socialLinks: 8,
  socialLabel: 40,
  socialUrl: 300,
} as const

/** A line of plain text: trimmed, one line, at most `max` characters; `required` refuses it empty. */
function line(label: string, max: number, { required = false } = {}) {
  const schema = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), `${label} must fit on one line`)
  return required ? schema.refine((value) => value.length > 0, `${label} can't be empty`) : schema
}

/** Only a full https:// address: a shopper's browser opens it, and a plain http or script address has no place in the footer. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false
  try {
    return new URL(value).hostname.includes('.')
  } catch {
    return false
  }
}

const socialLinkSchema = z.strictObject({
  label: line("A social link's label", STORE_SETTINGS_LIMITS.socialLabel, { required: true }),
  url: z
    .string({ error: 'Each social link needs its address' })
    .trim()
    .max(STORE_SETTINGS_LIMITS.socialUrl, `A social link's address can be at most ${STORE_SETTINGS_LIMITS.socialUrl} characters`)
    .refine(isHttpsUrl, 'A social link must be a full address that starts with https://'),
})
export type SocialLink = z.infer<typeof socialLinkSchema>

export const storeSettingsSchema = z.strictObject({
  storeName: line('The store name', STORE_SETTINGS_LIMITS.storeName, { required: true }),
  supportEmail: z
    .string({ error: 'Enter the support email address' })
    .trim()
    .refine(isValidEmail, 'Enter a valid support email address, like support@example.com'),
  /** Read as "We reply within {supportReplyTime}". */
  supportReplyTime: line('The reply time', STORE_SETTINGS_LIMITS.supportReplyTime, { required: true }),
  /** The cart's trust notes, each hidden when empty. */
  secureCheckoutNote: line('The secure checkout note', STORE_SETTINGS_LIMITS.note),
  guaranteeNote: line('The guarantee note', STORE_SETTINGS_LIMITS.note),
  instantDownloadNote: line('The instant download note', STORE_SETTINGS_LIMITS.note),
  socialLinks: z
    .array(socialLinkSchema, { error: 'Social links must be a list' })
    .max(STORE_SETTINGS_LIMITS.socialLinks, `The footer shows at most ${STORE_SETTINGS_LIMITS.socialLinks} social links`),
  /** The receipt email's opening line and its closing note. */
  receiptThankYou: line('The receipt thank-you line', STORE_SETTINGS_LIMITS.receiptText),
  receiptFootnote: line('The receipt footnote', STORE_SETTINGS_LIMITS.receiptText),
  /** A rating or review figure the owner can stand behind ("Rated 4.8 by 300 producers on Trustpilot"); empty shows none. */
  reviewClaim: line('The review claim', STORE_SETTINGS_LIMITS.reviewClaim),
  /** One reminder email to a signed-in shopper whose cart sat unpaid for a day (off until the owner turns it on). */
  cartReminders: z.boolean({ error: 'Cart reminders must be on or off' }),
})
export type StoreSettings = z.infer<typeof storeSettingsSchema>
export type StoreSettingKey = keyof StoreSettings

/** The settings a store has before its owner saves any: the spec's texts; the support address is the server's SUPPORT_EMAIL. */
export function defaultStoreSettings(supportEmail: string): StoreSettings {
  return {
    storeName: SITE_NAME,
    supportEmail,
    supportReplyTime: SUPPORT_REPLY_TIME,
    secureCheckoutNote: 'SSL secure checkout',
    guaranteeNote: '30-day money-back guarantee',
    instantDownloadNote: 'Instant download after purchase',
    socialLinks: [
      { label: 'YouTube', url: 'https://www.youtube.com/@audiolabstore' },
      { label: 'Instagram', url: 'https://www.instagram.com/audiolabstore' },
      { label: 'TikTok', url: 'https://www.tiktok.com/@audiolabstore' },
      { label: 'X (Twitter)', url: 'https://x.com/audiolabstore' },
    ],
    receiptThankYou: 'Thank you for your purchase.',
    receiptFootnote: 'Questions about this order? Reply to this email or visit our support page and quote your order number.',
    reviewClaim: '',
    cartReminders: false,
  }
}

/**
 * The settings as stored (what the owner set; a field left out, or one an older version stored
 * in another shape, takes its default) read field by field over the defaults.
 */
export function resolveStoreSettings(stored: Record<string, unknown>, defaults: StoreSettings): StoreSettings {
  const resolved: Record<string, unknown> = { ...defaults }
  for (const [key, schema] of Object.entries(storeSettingsSchema.shape)) {
    if (!(key in stored)) continue
    const parsed = schema.safeParse(stored[key])
    if (parsed.success) resolved[key] = parsed.data
  }
  return resolved as StoreSettings
}

/** The fields whose values differ between two settings, by name. */
export function changedStoreSettings(before: StoreSettings, after: StoreSettings): StoreSettingKey[] {
  return (Object.keys(after) as StoreSettingKey[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
}

/** What every shopper's page reads: everything but the receipt's texts, which only the receipt email uses, and the reminder switch, which only the server reads. */
export const publicStoreSettingsSchema = storeSettingsSchema.omit({ receiptThankYou: true, receiptFootnote: true, cartReminders: true })
export type PublicStoreSettings = z.infer<typeof publicStoreSettingsSchema>

export const publicStoreSettingsResponseSchema = z.object({ data: publicStoreSettingsSchema })

/** A save names the version of the settings the form was opened at; a newer one saved since is a 409. */
export const storeSettingsSaveSchema = z.strictObject({ form: storeSettingsSchema, version: versionSchema })
export type StoreSettingsSave = z.infer<typeof storeSettingsSaveSchema>

export const adminStoreSettingsSchema = z.object({
  form: storeSettingsSchema,
  /** What each field shows when the owner has not set it. */
  defaults: storeSettingsSchema,
  /** Counts the saves: a save names the version it was edited from. */
  version: z.number().int(),
  /** When they were last saved; null before the first save. */
  updatedAt: z.string().nullable(),
})
export type AdminStoreSettings = z.infer<typeof adminStoreSettingsSchema>
export const adminStoreSettingsResponseSchema = z.object({ data: adminStoreSettingsSchema })

export const STORE_SETTINGS_MESSAGES = {
  changed: 'The settings were changed by someone else since you opened them. Reload them to see their changes, then save again.',
  saved: 'Settings saved',
} as const
