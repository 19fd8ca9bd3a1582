/**
 * /unsubscribe/{token}: where a news email's unsubscribe link lands. The page posts the signed
 * token (a mail scanner that only fetches the link changes nothing), the address is stamped
 * unsubscribed, and the page says so; opening it again says the same.
 */
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { UNSUBSCRIBE_MESSAGES } from '../../../../shared/contract/subscribers.ts'
import { ApiError } from '../../../api/http.ts'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { postNewsUnsubscribe } from '../api/post-news-unsubscribe.ts'

type PageState = { name: 'working' } | { name: 'done'; message: string } | { name: 'error'; message: string }

export default function NewsUnsubscribePage() {
  const token = useParams().token ?? ''
  const [state, setState] = useState<PageState>({ name: 'working' })

  useEffect(() => {
    let cancelled = false
    // Unsubscribing twice is the same as once, so a repeated effect does no harm.
    postNewsUnsubscribe(token).then(
      (message) => !cancelled && setState({ name: 'done', message }),
      (error: unknown) =>
        !cancelled &&
        setState({
          name: 'error',
          message: error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : UNSUBSCRIBE_MESSAGES.failed,
        }),
    )
    return () => {
      cancelled = true
    }
  }, [token])

  return (
    <>
      <title>Unsubscribe | Audio Lab Store</title>
      {state.name === 'working' ? <PageFallback /> : <UnsubscribeAnswer state={state} />}
    </>
  )
}

function UnsubscribeAnswer({ state }: { state: Exclude<PageState, { name: 'working' }> }) {
  return (
    <>
      <section className="container-page flex justify-center py-12 sm:py-20">
        <div className="w-full max-w-md rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-white">{state.name === 'done' ? "You're unsubscribed" : 'Unsubscribe'}</h1>
          <p
            role={state.name === 'done' ? 'status' : 'alert'}
            className={`mt-4 rounded-lg border px-3 py-2.5 text-sm ${state.name === 'done' ? 'border-emerald-900/80 bg-emerald-950/40 text-emerald-200' : 'border-rose-900/80 bg-rose-950/40 text-rose-200'}`}
          >
            {state.message}
          </p>
          {state.name === 'done' && <p className="mt-4 text-sm text-zinc-400">Receipts and download links for what you get from the store still arrive.</p>}
          <Link to="/products" className="btn btn-secondary mt-6 w-full py-3">
            Browse products
          </Link>
        </div>
      </section>
    </>
  )
}
