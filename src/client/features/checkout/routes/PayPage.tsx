/**
 * The built-in provider's hosted payment page (/pay/{sessionId}), where the redirect checkout
 * sends the shopper as Stripe Checkout would: the order's lines and total beside the card form,
 * clearly marked as the store's test payment page. Paying moves on to the store's success page;
 * "← Back" returns to the store's cancel page. Shown outside the store's layout, like Stripe's page.
 */
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { BuiltinPaySession } from '../../../../shared/contract/payments.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { ApiError } from '../../../api/http.ts'
import { BrandMark } from '../../../components/Icons.tsx'
import { useBuiltinPaySession } from '../api/get-builtin-pay-session.ts'
import { BuiltinCardForm } from '../payments/BuiltinCardForm.tsx'

export default function PayPage() {
  const { sessionId = '' } = useParams()
  const session = useBuiltinPaySession(sessionId)

  return (
    <div className="min-h-dvh bg-zinc-950">
      <title>Pay Audio Lab Store (test mode)</title>
      <div className="border-b border-amber-700/50 bg-amber-950/40 px-4 py-2 text-center text-xs font-semibold tracking-wide text-amber-200 uppercase">
        Test mode · Audio Lab Store test payment page · no real money moves
      </div>
      {session.isPending ? (
        <div role="status" className="flex min-h-[60vh] items-center justify-center">
          <span className="size-9 animate-spin rounded-full border-3 border-zinc-700 border-t-brand-400" aria-hidden="true" />
          <span className="sr-only">Loading…</span>
        </div>
      ) : session.isError ? (
        <Notice title={session.error instanceof ApiError && session.error.status === 404 ? 'Checkout session not found' : 'Something went wrong'}>
          <p>
            {session.error instanceof ApiError && session.error.status === 404
              ? 'This payment link is not valid. Return to the store to start checkout again.'
              : session.error.message}
          </p>
          <Link to="/" className="btn btn-secondary mt-6 px-5 py-2.5">
            Return to the store
          </Link>
        </Notice>
      ) : (
        <SessionView session={session.data} />
      )}
    </div>
  )
}

function SessionView({ session }: { session: BuiltinPaySession }) {
  if (session.status === 'complete') {
    return (
      <Notice title="This payment is complete">
        <p>The order has been paid{session.customerEmail ? `; the receipt goes to ${session.customerEmail}` : ''}.</p>
        <a href={session.successUrl ?? '/'} className="btn btn-primary mt-6 px-5 py-2.5">
          View your order
        </a>
      </Notice>
    )
  }
  if (session.status === 'expired') {
    return (
      <Notice title="This checkout session has expired">
        <p>Nothing was charged. Return to the store to start checkout again.</p>
        <a href={session.cancelUrl ?? '/'} className="btn btn-secondary mt-6 px-5 py-2.5">
          Return to the store
        </a>
      </Notice>
    )
  }
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-2 md:gap-12 md:py-14">
      <OrderSummary session={session} />
      <section aria-labelledby="pay-with-card" className="md:border-l md:border-zinc-800 md:pl-12">
        <h2 id="pay-with-card" className="mb-4 text-lg font-semibold text-white">
          Pay with card
        </h2>
        {session.customerEmail && (
          <p className="mb-4 text-sm text-zinc-400">
            Receipt to <span className="font-medium text-zinc-200">{session.customerEmail}</span>
          </p>
        )}
        <BuiltinCardForm
          sessionId={session.id}
          amountCents={session.amountTotalCents}
          askEmail={!session.customerEmail}
          onPaid={(result) => window.location.assign(result.redirectUrl ?? '/')}
        />
        <p className="mt-6 text-center text-xs text-zinc-400">Payments on this page are simulated by the store's built-in test provider.</p>
      </section>
    </main>
  )
}

function OrderSummary({ session }: { session: BuiltinPaySession }) {
  return (
    <section aria-labelledby="order-summary">
      <div className="flex items-center gap-3 whitespace-nowrap">
        {session.cancelUrl && (
          <a href={session.cancelUrl} className="rounded-md px-1 py-0.5 text-sm font-medium text-zinc-300 hover:text-white">
            ← Back
          </a>
        )}
        <span className="flex min-w-0 items-center gap-2 font-semibold text-white">
          <BrandMark className="size-7" />
          Audio Lab Store
        </span>
        <span className="rounded-md bg-amber-500/15 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-300 uppercase">Test mode</span>
      </div>
      <h1 id="order-summary" className="mt-8 text-sm font-medium text-zinc-400">
        Pay Audio Lab Store
      </h1>
      <p className="mt-1 text-4xl font-bold tracking-tight text-white tabular-nums">{formatPrice(session.amountTotalCents)}</p>
      <ul className="mt-8 divide-y divide-zinc-800/80">
        {session.lineItems.map((line, index) => (
          <li key={index} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-zinc-100">{line.name}</p>
              <p className="text-sm text-zinc-400">
                Qty {line.quantity}
                {line.quantity > 1 && `, ${formatPrice(line.unitAmountCents)} each`}
              </p>
            </div>
            <p className="shrink-0 font-medium text-zinc-100 tabular-nums">{formatPrice(line.unitAmountCents * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-zinc-800 pt-4 text-sm">
        <Amount label="Subtotal" cents={session.subtotalCents} />
        {session.discountCents > 0 && <Amount label="Discount" cents={-session.discountCents} className="text-emerald-300" />}
        {session.taxCents > 0 && (
          <Amount label={session.taxIncluded ? `Includes ${session.taxLabel ?? 'tax'}` : (session.taxLabel ?? 'Estimated tax')} cents={session.taxCents} />
        )}
        <div className="flex justify-between border-t border-zinc-800 pt-3 text-base font-semibold text-white">
          <dt>Total due</dt>
          <dd className="tabular-nums">{formatPrice(session.amountTotalCents)}</dd>
        </div>
      </dl>
    </section>
  )
}

function Amount({ label, cents, className = 'text-zinc-200' }: { label: string; cents: number; className?: string }) {
  return (
    <div className="flex justify-between text-zinc-400">
      <dt>{label}</dt>
      <dd className={`tabular-nums ${className}`}>{formatPrice(cents)}</dd>
    </div>
  )
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center text-zinc-300">
      <BrandMark className="size-10" />
      <h1 className="mt-5 text-2xl font-bold text-white">{title}</h1>
      <div className="mt-3 flex flex-col items-center text-sm">{children}</div>
    </main>
  )
}
