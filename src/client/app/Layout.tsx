/** The page frame every route renders inside: header, the page, footer, cart drawer (kept in step with the session), toasts and scroll-to-top. */
import { useLayoutEffect } from 'react'
import { Toaster } from 'react-hot-toast'
import { Outlet, useLocation } from 'react-router'
import { useCartSync } from '../cart-state/use-cart-sync.ts'
import { CartDrawerOnceOpened, useBundleCartPrices } from '../features/cart/public.ts'
import { AuthErrorBoundary } from './AuthErrorBoundary.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

export function Layout() {
  const { pathname } = useLocation()
  return (
    <div className="flex min-h-dvh flex-col">
      <CartInStep />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <AuthErrorBoundary resetKey={pathname}>
          <Outlet />
        </AuthErrorBoundary>
      </main>
      <Footer />
      <CartDrawerOnceOpened />
      <Toaster
        position="top-right"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          style: { background: '#27272a', color: '#f4f4f5', border: '1px solid #3f3f46' },
        }}
      />
    </div>
  )
}

/**
 * Keeps the cart in step with the session and the bundles' prices. A component of its own: the
 * session arriving after the page is hydrated re-renders it alone, not the header, the page and
 * the footer around it (one blocking render of the whole frame on a phone).
 */
function CartInStep() {
  useCartSync()
  useBundleCartPrices()
  return null
}

/**
 * The page the browser loaded. Its scroll is the browser's own: where a shopper scrolled the
 * server's page before the app took it over, or where going back restored it.
 */
let landingPath: string | null = typeof window === 'undefined' ? null : window.location.pathname

/** Scrolls to the top whenever the path changes (not on query-string changes such as filters), not when the app takes over the page it landed on. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    if (pathname === landingPath) return
    landingPath = null
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
