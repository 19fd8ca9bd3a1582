/**
 * The app shell: query client, router with every page lazy-loaded (so the first page ships
 * little JavaScript), the shared layout and the toaster. The browser runs it in a BrowserRouter;
 * the server renders the storefront pages with a StaticRouter at the requested location.
 */
import { lazy, Suspense } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation } from 'react-router'
import { PageFallback } from '../components/PageFallback.tsx'
import { RequireAuth } from '../features/account/public.ts'
import { storeConfig } from '../store-config.ts'
import { Layout } from './Layout.tsx'
import { TestModeBanner } from './TestModeBanner.tsx'

const HomePage = lazy(() => import('../features/catalog/routes/HomePage.tsx'))
const ComingSoonPage = lazy(() => import('../features/content/routes/ComingSoonPage.tsx'))
const ProductsPage = lazy(() => import('../features/catalog/routes/ProductsPage.tsx'))
const ProductDetailPage = lazy(() => import('../features/catalog/routes/ProductDetailPage.tsx'))
const CategoryPage = lazy(() => import('../features/catalog/routes/CategoryPage.tsx'))
const NotFoundPage = lazy(() => import('../components/NotFoundPage.tsx'))
const BackendTestPage = lazy(() => import('../features/dev-tools/routes/BackendTestPage.tsx'))
const CartPage = lazy(() => import('../features/cart/routes/CartPage.tsx'))
const CartDebugPage = lazy(() => import('../features/cart/routes/CartDebugPage.tsx'))
const SupportPage = lazy(() => import('../features/support/routes/SupportPage.tsx'))
const LearnPage = lazy(() => import('../features/content/routes/LearnPage.tsx'))
const AboutPage = lazy(() => import('../features/content/routes/AboutPage.tsx'))
const LoginPage = lazy(() => import('../features/account/routes/LoginPage.tsx'))
const SignupPage = lazy(() => import('../features/account/routes/SignupPage.tsx'))
const ResetPasswordPage = lazy(() => import('../features/account/routes/ResetPasswordPage.tsx'))
const ResetPasswordConfirmPage = lazy(() => import('../features/account/routes/ResetPasswordConfirmPage.tsx'))
const EmailConfirmationPage = lazy(() => import('../features/account/routes/EmailConfirmationPage.tsx'))
const ProfilePage = lazy(() => import('../features/account/routes/ProfilePage.tsx'))
const OrderHistoryPage = lazy(() => import('../features/orders/routes/OrderHistoryPage.tsx'))
const DownloadHubPage = lazy(() => import('../features/downloads/routes/DownloadHubPage.tsx'))
const MailboxPage = lazy(() => import('../features/dev-tools/routes/MailboxPage.tsx'))
const PayPage = lazy(() => import('../features/checkout/routes/PayPage.tsx'))
const CheckoutPage = lazy(() => import('../features/checkout/routes/CheckoutPage.tsx'))
const EmbeddedCheckoutPage = lazy(() => import('../features/checkout/routes/EmbeddedCheckoutPage.tsx'))
const DirectCheckoutPage = lazy(() => import('../features/checkout/routes/DirectCheckoutPage.tsx'))
const ResumeCheckoutPage = lazy(() => import('../features/checkout/routes/ResumeCheckoutPage.tsx'))
const PaymentSuccessPage = lazy(() => import('../features/checkout/routes/PaymentSuccessPage.tsx'))
const PaymentCancelPage = lazy(() => import('../features/checkout/routes/PaymentCancelPage.tsx'))
const LicenceVerificationPage = lazy(() => import('../features/licences/routes/LicenceVerificationPage.tsx'))
const OrderConfirmationPage = lazy(() => import('../features/checkout/routes/OrderConfirmationPage.tsx'))
const CheckoutTestPage = lazy(() => import('../features/checkout/routes/CheckoutTestPage.tsx'))
const AdminApp = lazy(() => import('../features/admin/routes/AdminApp.tsx'))

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
  return (
    <Routes>
      {/* The built-in payment provider's hosted page stands apart from the store, as Stripe Checkout does. */}
      <Route path="pay/:sessionId" element={<Lazy page={<PayPage />} />} />
      <Route element={<Layout />}>
        <Route index element={<Lazy page={live ? <HomePage /> : <ComingSoonPage />} />} />
        <Route path="home" element={<Lazy page={live ? <HomePage /> : <ComingSoonPage />} />} />
        <Route path="products" element={<Lazy page={<ProductsPage />} />} />
        <Route path="products/:productId" element={<Lazy page={<ProductDetailPage />} />} />
        <Route path="cart" element={<Lazy page={<CartPage />} />} />
        <Route path="checkout" element={<Lazy page={<CheckoutPage />} />} />
        <Route path="checkout/hosted" element={<Lazy page={<EmbeddedCheckoutPage />} />} />
        <Route path="checkout/direct" element={<Lazy page={<DirectCheckoutPage />} />} />
        <Route path="checkout/:orderId" element={<RequireAuth><Lazy page={<ResumeCheckoutPage />} /></RequireAuth>} />
        <Route path="payment/success" element={<Lazy page={<PaymentSuccessPage />} />} />
        <Route path="payment/cancel" element={<Lazy page={<PaymentCancelPage />} />} />
        <Route path="licences/:code" element={<Lazy page={<LicenceVerificationPage />} />} />
        <Route path="order-confirmation" element={<Lazy page={<OrderConfirmationPage />} />} />
        {storeConfig.devMode && <Route path="checkout-test" element={<Lazy page={<CheckoutTestPage />} />} />}
        {storeConfig.devMode && <Route path="cart-debug" element={<Lazy page={<CartDebugPage />} />} />}
        <Route path="support" element={<Lazy page={<SupportPage />} />} />
        <Route path="learn" element={<Lazy page={<LearnPage />} />} />
        <Route path="about" element={<Lazy page={<AboutPage />} />} />
        {storeConfig.devMode && <Route path="supabase-test" element={<Lazy page={<BackendTestPage />} />} />}
        <Route path="login" element={<Lazy page={<LoginPage />} />} />
        <Route path="signup" element={<Lazy page={<SignupPage />} />} />
        <Route path="reset-password" element={<Lazy page={<ResetPasswordPage />} />} />
        <Route path="reset-password/confirm" element={<Lazy page={<ResetPasswordConfirmPage />} />} />
        <Route path="email-confirmation" element={<Lazy page={<EmailConfirmationPage />} />} />
        <Route path="profile" element={<RequireAuth><Lazy page={<ProfilePage />} /></RequireAuth>} />
        <Route path="order-history" element={<RequireAuth><Lazy page={<OrderHistoryPage />} /></RequireAuth>} />
        <Route path="download-hub" element={<RequireAuth><Lazy page={<DownloadHubPage />} /></RequireAuth>} />
        <Route path="account" element={<Navigate to="/profile" replace />} />
        <Route path="orders" element={<Navigate to="/order-history" replace />} />
        {storeConfig.devMode && <Route path="dev/mailbox" element={<Lazy page={<MailboxPage />} />} />}
        <Route path="admin/*" element={<Lazy page={<AdminApp />} />} />
        <Route path=":categorySlug" element={<Lazy page={<CategoryPage />} />} />
        <Route path="*" element={<Lazy page={live ? <NotFoundPage /> : <ComingSoonPage />} />} />
      </Route>
    </Routes>
  )
}

function Lazy({ page }: { page: React.ReactNode }) {
  // Keyed by path: navigations run as transitions, and a reused boundary would keep the previous
  // page on screen while the next page's code loads; a new one shows the spinner at once.
  const { pathname } = useLocation()
  return (
    <Suspense key={pathname} fallback={<PageFallback />}>
      {page}
    </Suspense>
  )
}
