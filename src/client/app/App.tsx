/**
 * The app shell: query client, the router, the shared layout, the toaster and the controls every
 * product card shows from features other than the catalog (ProductCardActions.tsx). The router
 * has one route per entry of the store's route list (src/shared/routes.ts), each page loaded
 * lazily from route-pages.ts (so the first page ships little JavaScript). The browser runs it in
 * a BrowserRouter; the server renders the storefront pages with a StaticRouter at the requested
 * location.
 */
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation } from 'react-router'
import { STORE_ROUTES, type StoreRoute } from '../../shared/routes.ts'
import { PageFallback } from '../components/PageFallback.tsx'
import { RequireAuth } from '../features/account/public.ts'
import { storeConfig } from '../store-config.ts'
import { APP_READY_EVENT } from './early-clicks.ts'
import { Layout } from './Layout.tsx'
import { ProductCardActionsProvider } from './ProductCardActions.tsx'
import { COMING_SOON_PAGE, ROUTE_PAGES, type LoadPage } from './route-pages.ts'
import { TestModeBanner } from './TestModeBanner.tsx'

interface AppProps {
  queryClient: QueryClient
  /** The path and query the server renders; absent in the browser, which reads its own address. */
  location?: string
}

export function App({ queryClient, location }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {storeConfig.testPayments && <TestModeBanner />}
      {location === undefined ? (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      )}
    </QueryClientProvider>
  )
}

function AppRoutes() {
  const live = storeConfig.storeMode === 'live'
  const routes = STORE_ROUTES.filter((route) => !route.devOnly || storeConfig.devMode)
  const routeOf = (route: StoreRoute) =>
    route.path === '/' ? (
      <Route key={route.id} index element={pageOf(route, live)} />
    ) : (
      <Route key={route.id} path={route.path.slice(1)} element={pageOf(route, live)} />
    )
  // Every page's product cards show the wishlist, download and free-claim controls the app hands the catalog.
  return (
    <ProductCardActionsProvider>
      <Routes>
        {routes.filter((route) => route.bare).map(routeOf)}
        <Route element={<Layout />}>{routes.filter((route) => !route.bare).map(routeOf)}</Route>
      </Routes>
    </ProductCardActionsProvider>
  )
}

/** What the router shows at a route: a redirect, or its page (the coming-soon page before the store opens), behind sign-in if it asks for it. */
function pageOf(route: StoreRoute, live: boolean): React.ReactNode {
  if (route.redirect !== undefined) return <Navigate to={route.redirect} replace />
  const Page = lazyPage(route.comingSoon && !live ? COMING_SOON_PAGE : ROUTE_PAGES[route.id])
  const page = <Lazy page={<Page />} />
  return route.signedIn ? <RequireAuth>{page}</RequireAuth> : page
}

const lazyPages = new Map<LoadPage, LazyExoticComponent<ComponentType>>()

/** One lazy component per page module, made once: the same module at two addresses stays loaded between them. */
function lazyPage(load: LoadPage): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(load)
  if (!page) {
    page = lazy(load)
    lazyPages.set(load, page)
  }
  return page
}

function Lazy({ page }: { page: React.ReactNode }) {
  // Keyed by path: navigations run as transitions, and a reused boundary would keep the previous
  // page on screen while the next page's code loads; a new one shows the spinner at once.
  const { pathname } = useLocation()
  return (
    <Suspense key={pathname} fallback={<PageFallback />}>
      <PageTakenOver>{page}</PageTakenOver>
    </Suspense>
  )
}

/**
 * Tells the held early taps (early-clicks.ts) that the app has the page: its effect runs once the
 * page inside the boundary is hydrated, not only the frame around it, so a tap held while the
 * page's own code was still loading reaches a button that answers. A wrapper, not a sibling of the
 * page, so the ids useId gives inside the page stay the ones the server rendered.
 */
export function PageTakenOver({ children }: { children: React.ReactNode }) {
  useEffect(() => void dispatchEvent(new Event(APP_READY_EVENT)), [])
  return children
}
