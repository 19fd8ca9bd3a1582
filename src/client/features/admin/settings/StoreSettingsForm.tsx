/**
 * The store settings form: the store's name and support details, the cart's trust notes, the
 * review claim, the footer's social links, the receipt's texts and the cart reminders' switch,
 * checked with the schema the server uses before it is sent; each field's error shows beside it, and a text the owner changed
 * can be put back to the store's default. A save over settings someone else saved since the form
 * was opened shows their change is there, with a Reload button.
 */
import { useId } from 'react'
import { storeSettingsSchema, type StoreSettings } from '../../../../shared/contract/store-settings.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { SettingsFormFooter, SettingsSection, useSettingsForm } from '../shell/use-settings-form.tsx'
import { SocialLinksFields } from './SocialLinksFields.tsx'

export const CART_REMINDERS_LABEL = 'Remind shoppers of a cart left unpaid for 24 hours'

type TextKey = Exclude<keyof StoreSettings, 'socialLinks' | 'cartReminders'>

interface StoreSettingsFormProps {
  initial: StoreSettings
  defaults: StoreSettings
  onSubmit: (form: StoreSettings) => Promise<unknown>
  /** Shows the settings as they are now (the Reload button of a save refused as stale). */
  onReload: () => void
}

export function StoreSettingsForm({ initial, defaults, onSubmit, onReload }: StoreSettingsFormProps) {
  const id = useId()
  const { values, setValues, errors, saving, formError, conflict, submit } = useSettingsForm(
    storeSettingsSchema,
    initial,
    onSubmit,
    'Failed to save the settings',
  )

  const text = (key: TextKey, label: string, hint: string, input: { type?: string; multiline?: boolean } = {}) => {
    const fieldId = `${id}-${key}`
    const described = [errors[key] && `${fieldId}-error`, `${fieldId}-hint`].filter(Boolean).join(' ')
    const props = {
      id: fieldId,
      name: key,
      value: values[key],
      'aria-invalid': errors[key] ? true : undefined,
      'aria-describedby': described,
      className: INPUT_CLASS,
    }
    return (
      <div className={input.multiline ? 'sm:col-span-2' : undefined}>
        <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3">
          <label htmlFor={fieldId} className="text-sm font-medium text-zinc-200">
            {label}
          </label>
          {values[key] !== defaults[key] && (
            <button
              type="button"
              className="text-xs font-medium text-brand-300 hover:text-brand-200"
              onClick={() => setValues({ ...values, [key]: defaults[key] })}
            >
              {defaults[key] ? 'Use the default' : 'Clear'}
            </button>
          )}
        </div>
        {input.multiline ? (
          <textarea {...props} rows={2} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        ) : (
          <input {...props} type={input.type ?? 'text'} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        )}
        <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
        {errors[key] && (
          <p id={`${fieldId}-error`} className="mt-1 text-xs text-red-300">
            {errors[key]}
          </p>
        )}
      </div>
    )
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <SettingsSection title="Store" description="How the store names itself in the header, the footer and page titles, and how shoppers reach you.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('storeName', 'Store name', 'Shown in the header, the footer and every page title.')}
          {text('supportEmail', 'Support email', 'Shown on the support and about pages.', { type: 'email' })}
          {text('supportReplyTime', 'Reply time', 'Shoppers read "We reply within …", for example "24-48 hours" or "one business day".')}
        </div>
      </SettingsSection>

      <SettingsSection title="Cart trust notes" description="The notes under Proceed to Checkout on the cart page. Leave a note empty to hide it.">
        <div className="grid gap-4 sm:grid-cols-3">
          {text('secureCheckoutNote', 'Secure checkout', 'Next to a lock icon.')}
          {text('guaranteeNote', 'Guarantee', 'Only a promise you keep, such as your refund policy.')}
          {text('instantDownloadNote', 'Instant download', 'Next to a download icon.')}
        </div>
      </SettingsSection>

      <SettingsSection
        title="Review claim"
        description="A rating or review figure shown on the order confirmation. Nothing is shown while it is empty: write only what you can point to."
      >
        {text('reviewClaim', 'Review claim', 'For example: "Rated 4.8 out of 5 by 300 producers on Trustpilot".', { multiline: true })}
      </SettingsSection>

      <SettingsSection title="Social links" description="The Follow Us links in the footer and on the about page. Addresses must start with https://.">
        <SocialLinksFields links={values.socialLinks} errors={errors} onChange={(socialLinks) => setValues({ ...values, socialLinks })} />
      </SettingsSection>

      <SettingsSection title="Receipt email" description="The opening line and the closing note of the receipt a buyer gets once an order is paid.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('receiptThankYou', 'Thank-you line', 'The receipt starts with it.', { multiline: true })}
          {text('receiptFootnote', 'Footnote', 'The receipt ends with it.', { multiline: true })}
        </div>
      </SettingsSection>

      <SettingsSection
        title="Cart reminders"
        description="One email to a signed-in shopper whose cart sat unpaid for a day, listing what is in it: never after they paid or emptied it, and never to a shopper who turned reminders off in their profile."
      >
        <label className="flex items-start gap-3 text-sm text-zinc-200">
          <input
            type="checkbox"
            name="cartReminders"
            checked={values.cartReminders}
            onChange={(event) => setValues({ ...values, cartReminders: event.target.checked })}
            aria-describedby={`${id}-cartReminders-hint`}
            className="mt-0.5 size-4 shrink-0 accent-brand-500"
          />
          <span>
            {CART_REMINDERS_LABEL}
            <span id={`${id}-cartReminders-hint`} className="mt-1 block text-xs text-zinc-400">
              At most one reminder per cart, with a link that stops them.
            </span>
          </span>
        </label>
      </SettingsSection>

      <SettingsFormFooter form={{ errors, saving, formError, conflict }} saveLabel="Save settings" onReload={onReload} />
    </form>
  )
}
