/** The centred card the account pages share (sign-in, sign-up, reset, confirmation): heading, intro, content, footer. */
import type { ReactNode } from 'react'

interface AuthCardProps {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}

export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <section className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-md animate-fade-in">
        <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl shadow-black/20 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
          {intro && <div className="mt-2 text-sm text-zinc-400">{intro}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-zinc-400">{footer}</div>}
      </div>
    </section>
  )
}

/** A message inside an auth form: errors are alerts, confirmations are status messages. */
export function FormMessage({ tone, id, children }: { tone: 'error' | 'success'; id?: string; children: ReactNode }) {
  return tone === 'error' ? (
    <p id={id} role="alert" className="rounded-lg border border-rose-900/80 bg-rose-950/40 px-3 py-2.5 text-sm text-rose-200">
      {children}
    </p>
  ) : (
    <p id={id} role="status" className="rounded-lg border border-emerald-900/80 bg-emerald-950/40 px-3 py-2.5 text-sm text-emerald-200">
      {children}
    </p>
  )
}
