/**
 * The support page's contact form: validated with the server's own schema, sent to
 * POST /api/support-messages, then "Message Sent" for 5 seconds before an empty form returns.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  supportMessageRequestSchema,
  type SupportCategory,
} from '../../../shared/contract/support.ts'
import { ApiError } from '../../api/http.ts'
import { CheckIcon } from '../../components/Icons.tsx'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { SUPPORT_SEND_FAILED, useSupportMessage } from './api/post-support-message.ts'

/** How long "Message Sent" stays before the form comes back (5 seconds). */
export const SENT_MESSAGE_MS = 5000

type FieldName = 'name' | 'email' | 'category' | 'subject' | 'message'
type FormValues = Record<Exclude<FieldName, 'category'>, string> & { category: SupportCategory }

const FIELD_CLASS = `${INPUT_CLASS} aria-invalid:border-rose-500`

const EMPTY: FormValues = { name: '', email: '', category: 'general', subject: '', message: '' }

interface SupportContactFormProps {
  /** A signed-in producer's name and email, filled in for them. */
  initialValues?: Partial<Pick<FormValues, 'name' | 'email'>>
  /** The owner's reply time ("24-48 hours", from the store settings); without it the form promises no time. */
  replyTime?: string
}

export function SupportContactForm({ initialValues, replyTime }: SupportContactFormProps) {
  const start = { ...EMPTY, ...initialValues }
  const [values, setValues] = useState<FormValues>(start)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [sentTo, setSentTo] = useState<string | null>(null)
  const send = useSupportMessage()
  const id = useId()
  const fieldId = (field: FieldName) => `${id}-${field}`

  useEffect(() => {
    if (sentTo === null) return
    const timer = setTimeout(() => {
      setSentTo(null)
      setValues(start)
      send.reset()
    }, SENT_MESSAGE_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `start` and `send` are fresh each render; only a new "sent" state may start the timer.
  }, [sentTo])

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = supportMessageRequestSchema.safeParse(values)
    if (!parsed.success) {
      const errors: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName
        errors[field] ??= issue.message
      }
      setFieldErrors(errors)
      const first = (['name', 'email', 'category', 'subject', 'message'] as const).find((field) => errors[field])
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    setFieldErrors({})
    send.mutate(parsed.data, { onSuccess: () => setSentTo(parsed.data.email) })
  }

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col items-center rounded-2xl border border-emerald-800 bg-emerald-950/40 px-6 py-12 text-center animate-fade-in">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-emerald-900/60 text-emerald-300">
          <CheckIcon className="size-6" />
        </span>
        <h3 className="mt-4 text-xl font-semibold text-white">Message Sent</h3>
        <p className="mt-2 max-w-sm text-sm text-emerald-100/90">
          Thanks for getting in touch. We'll reply to <span className="font-medium text-white">{sentTo}</span>
          {replyTime ? ` within ${replyTime}.` : ' as soon as we can.'}
        </p>
      </div>
    )
  }

  const serverError = send.isError ? describeSendError(send.error) : null
  const errorProps = (field: FieldName) => (fieldErrors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` } : {})

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Contact support">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('name')} label="Name" error={fieldErrors.name}>
          <input
            id={fieldId('name')}
            name="name"
            autoComplete="name"
            maxLength={SUPPORT_LIMITS.name}
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
            className={FIELD_CLASS}
            {...errorProps('name')}
          />
        </Field>
        <Field id={fieldId('email')} label="Email" error={fieldErrors.email}>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            className={FIELD_CLASS}
            {...errorProps('email')}
          />
        </Field>
      </div>
      <Field id={fieldId('category')} label="Category" error={fieldErrors.category}>
        <select
          id={fieldId('category')}
          name="category"
          value={values.category}
          onChange={(event) => update('category', event.target.value)}
          className={FIELD_CLASS}
        >
          {SUPPORT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {SUPPORT_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fieldId('subject')} label="Subject" error={fieldErrors.subject}>
        <input
          id={fieldId('subject')}
          name="subject"
          maxLength={SUPPORT_LIMITS.subject}
          value={values.subject}
          onChange={(event) => update('subject', event.target.value)}
          className={FIELD_CLASS}
          {...errorProps('subject')}
        />
      </Field>
      <Field
        id={fieldId('message')}
        label="Message"
        error={fieldErrors.message}
        hint={`${values.message.length}/${SUPPORT_LIMITS.message} · Order number, DAW and operating system help us answer faster.`}
      >
        <textarea
          id={fieldId('message')}
          name="message"
          rows={6}
          maxLength={SUPPORT_LIMITS.message}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          className={`${FIELD_CLASS} resize-y`}
          {...errorProps('message')}
        />
      </Field>
      {serverError && (
        <p role="alert" className="rounded-lg border border-rose-900 bg-rose-950/40 px-4 py-3 text-sm text-rose-200">
          {serverError}
        </p>
      )}
      <div className="flex flex-col-reverse items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        {replyTime && <p className="text-xs text-zinc-400">We reply within {replyTime}.</p>}
        <button type="submit" disabled={send.isPending} className="btn btn-primary w-full px-6 py-3 sm:w-auto">
          {send.isPending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  )
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-300">
          {error}
        </p>
      ) : (
        hint && <p className="mt-1.5 text-xs text-zinc-400">{hint}</p>
      )}
    </div>
  )
}

/** The server's reason for a refusal it explains (400, 429); a generic text for outages. */
function describeSendError(error: Error): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404) return error.message
  return SUPPORT_SEND_FAILED
}
