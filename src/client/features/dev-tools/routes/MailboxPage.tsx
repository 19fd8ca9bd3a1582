/**
 * /dev/mailbox (development only): the mail the store sent while running without SMTP, newest
 * first, so a newcomer can confirm an account or reset a password offline. Bodies are shown as
 * text with their links made clickable (no HTML rendering, so the CSP stays strict).
 */
import { useState } from 'react'
import { LinkifiedText } from '../../../components/LinkifiedText.tsx'
import { useDevMailbox, type MailboxMessage } from '../api/get-dev-mailbox.ts'

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

export const MAILBOX_EMPTY = 'No messages yet. Sign up to receive a confirmation email.'

export default function MailboxPage() {
  const mailbox = useDevMailbox()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const messages = mailbox.data ?? []
  const selected = messages.find((message) => message.id === selectedId) ?? messages[0]

  return (
    <>
      <title>Developer Mailbox | Audio Lab Store</title>
      <section className="container-page py-10 sm:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Development only</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-white">Mailbox</h1>
            <p className="mt-1 text-sm text-zinc-400">Emails the store sent without a mail server (newest first).</p>
          </div>
          <button type="button" className="btn btn-secondary" disabled={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
            {mailbox.isFetching ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>

        {mailbox.isError && (
          <p role="alert" className="mt-8 rounded-lg border border-rose-900/80 bg-rose-950/40 px-4 py-3 text-sm text-rose-200">
            {mailbox.error.message}
          </p>
        )}
        {mailbox.isSuccess && messages.length === 0 && (
          <p className="mt-8 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center text-zinc-300">{MAILBOX_EMPTY}</p>
        )}
        {messages.length > 0 && selected && (
          <div className="mt-8 grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
            <ul aria-label="Messages" className="divide-y divide-zinc-800 self-start overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900/60">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    aria-current={message.id === selected.id ? 'true' : undefined}
                    onClick={() => setSelectedId(message.id)}
                    className={`block w-full px-4 py-3 text-left transition-colors ${message.id === selected.id ? 'bg-zinc-800' : 'hover:bg-zinc-800/60'}`}
                  >
                    <span className="block truncate text-sm font-semibold text-white">{message.subject}</span>
                    <span className="mt-0.5 block truncate text-xs text-zinc-400">To {message.to}</span>
                    <span className="mt-0.5 block text-xs text-zinc-400">
                      <time dateTime={message.sentAt}>{TIME_FORMAT.format(new Date(message.sentAt))}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <MessageView message={selected} />
          </div>
        )}
      </section>
    </>
  )
}

function MessageView({ message }: { message: MailboxMessage }) {
  return (
    <article aria-labelledby="mailbox-subject" className="min-w-0 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6">
      <h2 id="mailbox-subject" className="text-xl font-semibold text-white">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">From</dt>
        <dd className="text-zinc-300 [overflow-wrap:anywhere]">{message.from}</dd>
        <dt className="text-zinc-400">To</dt>
        <dd className="text-zinc-300 [overflow-wrap:anywhere]">{message.to}</dd>
        <dt className="text-zinc-400">Sent</dt>
        <dd className="text-zinc-300">
          <time dateTime={message.sentAt}>{TIME_FORMAT.format(new Date(message.sentAt))}</time>
        </dd>
      </dl>
      <div className="mt-5 border-t border-zinc-800 pt-5 font-sans text-sm leading-relaxed whitespace-pre-wrap text-zinc-200 [overflow-wrap:anywhere]">
        <LinkifiedText text={message.text} />
      </div>
    </article>
  )
}
