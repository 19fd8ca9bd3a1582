/**
 * The authentication error boundary: if a page under it throws while rendering, producers see
 * a plain message with Refresh Page, Go Home and the error's details instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** When this changes (the path, say) a shown error is cleared, so navigating away recovers. */
  resetKey?: string
}

interface State {
  error: Error | null
}

export const AUTH_BOUNDARY_MESSAGE = 'Something went wrong with authentication. Please try again.'

export class AuthErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Authentication error boundary caught an error', error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <section role="alert" className="container-page flex min-h-[55vh] flex-col items-center justify-center py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Authentication Error</h1>
        <p className="mt-4 max-w-md text-zinc-300">{AUTH_BOUNDARY_MESSAGE}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
          {/* A full navigation, not a router link: the router state may be what broke. */}
          <a href="/" className="btn btn-secondary">
            Go Home
          </a>
        </div>
        <details className="mt-8 w-full max-w-xl rounded-lg border border-zinc-800 bg-zinc-900/60 p-4 text-left text-sm">
          <summary className="cursor-pointer font-medium text-zinc-300">Error details</summary>
          <pre className="mt-3 overflow-x-auto text-xs whitespace-pre-wrap text-rose-300">{error.message}</pre>
        </details>
      </section>
    )
  }
}
