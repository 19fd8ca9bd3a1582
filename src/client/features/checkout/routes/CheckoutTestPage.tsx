/**
 * Developer page (/checkout-test, development only): the checkout tests for a chosen
 * product. Session only (a hosted session for whoever is signed in, or the guest email),
 * authenticated direct (an embedded session for the signed-in user, openable at
 * /checkout/direct) and guest direct (a hosted session for an email, openable on the payment
 * page). Each shows ✓/✗, its timing and what the server answered. The products to choose from
 * are the catalog's: the page's route (app/routes/CheckoutTestPage.tsx) hands them in.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { CHECKOUT_MESSAGES } from '../../../../shared/checkout-errors.ts'
import type { ProductList, ProductListItem } from '../../../../shared/contract/catalog.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { useSession } from '../../../session/use-session.ts'
import { checkoutReturnUrls, startCheckoutSession, type SessionOutcome } from '../checkout-session.ts'
import type { DirectCheckoutState } from '../direct-checkout-state.ts'

type TestId = 'session' | 'authenticated' | 'guest'
type TestResult =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'fail'; ms: number; message: string }
  | { state: 'pass'; ms: number; sessionId: string; url: string | null; clientSecret: string | null; product: ProductListItem }

const TESTS: Array<{ id: TestId; name: string; description: string }> = [
  {
    id: 'session',
    name: 'Session only',
    description: 'Creates a hosted direct session for the product (signed-in user, else the guest email) and shows its id and URL.',
  },
  { id: 'authenticated', name: 'Authenticated direct checkout', description: 'Creates an embedded direct session for the signed-in user, as Buy Now does.' },
  { id: 'guest', name: 'Guest direct checkout', description: 'Creates a hosted direct session for the guest email.' },
]

const IDLE: Record<TestId, TestResult> = { session: { state: 'idle' }, authenticated: { state: 'idle' }, guest: { state: 'idle' } }

interface CheckoutTestPageProps {
  /** The store's products (the first hundred), to choose the one the tests buy. */
  products: Pick<UseQueryResult<ProductList>, 'data' | 'isPending'>
}

export default function CheckoutTestPage({ products }: CheckoutTestPageProps) {
  const { user, isLoading } = useSession()
  const [productId, setProductId] = useState('')
  const [guestEmail, setGuestEmail] = useState('')
  const [results, setResults] = useState(IDLE)
  const productFieldId = useId()
  const emailFieldId = useId()

  const product = products.data?.data.find((candidate) => candidate.id === productId) ?? null
  const finish = (id: TestId, result: TestResult) => setResults((previous) => ({ ...previous, [id]: result }))

  async function run(id: TestId) {
    const start = performance.now()
    const fail = (message: string) => finish(id, { state: 'fail', ms: Math.round(performance.now() - start), message })
    if (!product) return fail(CHECKOUT_MESSAGES.selectProduct)
    if (id === 'authenticated' && !user) return fail(CHECKOUT_MESSAGES.loginRequired)
    if (id === 'guest' && !guestEmail.trim()) return fail(CHECKOUT_MESSAGES.enterEmail)
    finish(id, { state: 'running' })
    const buyer = id === 'guest' || !user ? { customerEmail: guestEmail.trim() || undefined } : { userId: user.id }
    const outcome: SessionOutcome = await startCheckoutSession({
      items: [{ productId: product.id, quantity: 1 }],
      checkoutType: 'direct',
      ...buyer,
      ...checkoutReturnUrls('direct'),
      uiMode: id === 'authenticated' ? 'embedded' : 'hosted',
    })
    const ms = Math.round(performance.now() - start)
    finish(
      id,
      outcome.ok
        ? { state: 'pass', ms, sessionId: outcome.sessionId, url: outcome.url, clientSecret: outcome.clientSecret, product }
        : { state: 'fail', ms, message: outcome.message },
    )
  }

  return (
    <div className="container-page py-10">
      <title>Checkout test | Audio Lab Store</title>
      <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Developer page</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">Checkout tests</h1>
      <p className="mt-2 max-w-2xl text-zinc-400">
        Creates payment sessions through POST /api/checkout/sessions. Each creates a real PENDING order and replaces the buyer's previous unpaid one, so open a
        session before running the next test.
      </p>
      <p className="mt-4 text-sm text-zinc-300" aria-live="polite">
        {isLoading ? 'Reading the session…' : user ? `Signed in as ${user.email} (user ${user.id})` : 'Not signed in: only the guest tests can pass.'}
      </p>

      <div className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={productFieldId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Product
          </label>
          <select id={productFieldId} value={productId} onChange={(event) => setProductId(event.target.value)} className={INPUT_CLASS}>
            <option value="">{products.isPending ? 'Loading products…' : 'Select a product'}</option>
            {products.data?.data.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({formatPrice(candidate.priceCents)})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={emailFieldId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Guest email
          </label>
          <input
            id={emailFieldId}
            type="email"
            value={guestEmail}
            onChange={(event) => setGuestEmail(event.target.value)}
            autoComplete="off"
            className={INPUT_CLASS}
          />
        </div>
      </div>

      <ul className="mt-6 flex max-w-3xl flex-col gap-3">
        {TESTS.map((test) => (
          <li key={test.id} className="flex items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-900/50 p-4">
            <ResultMark result={results[test.id]} />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-white">{test.name}</h2>
              <p className="text-sm text-zinc-400">{test.description}</p>
              <ResultDetail result={results[test.id]} />
            </div>
            <button
              type="button"
              onClick={() => void run(test.id)}
              disabled={results[test.id].state === 'running'}
              className="btn btn-secondary self-start py-1.5"
            >
              Run <span className="sr-only">{test.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ResultMark({ result }: { result: TestResult }) {
  const mark = (text: string, label: string, className: string) => (
    <span className={className} aria-label={label}>
      {text}
    </span>
  )
  return (
    <span className="w-6 shrink-0 text-xl leading-6 font-bold">
      {result.state === 'pass'
        ? mark('✓', 'Passed', 'text-emerald-400')
        : result.state === 'fail'
          ? mark('✗', 'Failed', 'text-rose-400')
          : mark('…', result.state === 'running' ? 'Running' : 'Not run', 'text-zinc-400')}
    </span>
  )
}

function ResultDetail({ result }: { result: TestResult }) {
  const navigate = useNavigate()
  if (result.state === 'fail') {
    return (
      <p role="alert" className="mt-2 text-sm text-rose-300">
        {result.message} <span className="text-xs text-zinc-400 tabular-nums">({result.ms} ms)</span>
      </p>
    )
  }
  if (result.state !== 'pass') return null
  const openDirect = () => {
    const state: DirectCheckoutState = { clientSecret: result.clientSecret!, sessionId: result.sessionId, product: result.product, quantity: 1 }
    navigate('/checkout/direct', { state })
  }
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      <Row label="Session ID">
        <code className="break-all text-zinc-200">{result.sessionId}</code>
      </Row>
      {result.url && (
        <Row label="URL">
          <a href={result.url} className="break-all text-brand-300 hover:text-brand-200">
            {result.url}
          </a>
        </Row>
      )}
      {result.clientSecret && (
        <Row label="Client secret">
          <span className="text-zinc-300">received </span>
          <button type="button" onClick={openDirect} className="ml-2 rounded-sm font-medium text-brand-300 hover:text-brand-200">
            Open direct checkout
          </button>
        </Row>
      )}
      <Row label="Time">
        <span className="text-zinc-400 tabular-nums">{result.ms} ms</span>
      </Row>
    </dl>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  )
}
