/**
 * Where an email's unsubscribe link lands: the page posts the link's signed token itself (so a
 * mail scanner that only fetches the link changes nothing), then says what was turned off, or why
 * it could not be. States: working, done, error. Each kind of email names its own words.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { PageFallback } from '../../components/PageFallback.tsx'
import { AuthCard, FormMessage } from './AuthCard.tsx'

type PageState = { name: 'working' } | { name: 'done' } | { name: 'error'; message: string }

interface UnsubscribeCardProps {
  token: string
  /** Turns the emails off for the token (no sign-in needed); twice is the same as once. */
  unsubscribe: (token: string) => Promise<void>
  /** The card's title while it works or fails, and once it is done. */
  title: string
  doneTitle: string
  doneMessage: string
  /** What else the shopper should know once it is done (how to turn the emails back on). */
  doneNote: ReactNode
  /** The sentence when the request failed without one of its own. */
  failedMessage: string
  /** Where the card's button leads: the profile for an account's emails, the store for anyone's. */
  next: { to: string; label: string }
}

export function UnsubscribeCard({ token, unsubscribe, title, doneTitle, doneMessage, doneNote, failedMessage, next }: UnsubscribeCardProps) {
  const [state, setState] = useState<PageState>({ name: 'working' })

  useEffect(() => {
    let cancelled = false
    // Turning emails off twice is the same as once, so a repeated effect does no harm.
    unsubscribe(token).then(
      () => !cancelled && setState({ name: 'done' }),
      (error: unknown) => !cancelled && setState({ name: 'error', message: error instanceof Error ? error.message : failedMessage }),
    )
    return () => {
      cancelled = true
    }
  }, [token, unsubscribe, failedMessage])

  return (
    <>
      {state.name === 'working' && <PageFallback />}
      {state.name === 'done' && (
        <AuthCard title={doneTitle}>
          <FormMessage tone="success">{doneMessage}</FormMessage>
          <p className="mt-4 text-sm text-zinc-400">{doneNote}</p>
          <Link to={next.to} className="btn btn-secondary mt-6 w-full py-3">
            {next.label}
          </Link>
        </AuthCard>
      )}
      {state.name === 'error' && (
        <AuthCard title={title}>
          <FormMessage tone="error">{state.message}</FormMessage>
          <Link to={next.to} className="btn btn-primary mt-6 w-full py-3">
            {next.label}
          </Link>
        </AuthCard>
      )}
    </>
  )
}
