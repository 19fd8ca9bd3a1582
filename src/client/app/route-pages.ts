/**
 * The page module of every route in the route list (src/shared/routes.ts), loaded lazily so the
 * first page ships little JavaScript. A route without its page here, or a page here without its
 * route, does not compile; one module at two addresses is one lazy page. A page of one feature
 * is loaded from its routes/; a page that puts several features together is composed in
 * ./routes/ (the product page, and the pages to which it hands another feature's part).
 */
import type { ComponentType } from 'react'
import type { PageRouteId } from '../../shared/routes.ts'

/** Loads a page's module, whose default export is the page. */
export type LoadPage = () => Promise<{ default: ComponentType }>

const homePage: LoadPage = () => import('../features/catalog/routes/HomePage.tsx')

export const ROUTE_PAGES = {
  pay: () => import('../features/checkout/routes/PayPage.tsx'),
  home: homePage,
  'home-alias': homePage,
  products: () => import('../features/catalog/routes/ProductsPage.tsx'),
  product: () => import('./routes/ProductDetailPage.tsx'),
  cart: () => import('./routes/CartPage.tsx'),
  checkout: () => import('./routes/CheckoutPage.tsx'),
  'embedded-checkout': () => import('./routes/EmbeddedCheckoutPage.tsx'),
  'direct-checkout': () => import('../features/checkout/routes/DirectCheckoutPage.tsx'),
  'resume-checkout': () => import('../features/checkout/routes/ResumeCheckoutPage.tsx'),
  'payment-success': () => import('./routes/PaymentSuccessPage.tsx'),
  'payment-cancel': () => import('../features/checkout/routes/PaymentCancelPage.tsx'),
  'licence-verification': () => import('../features/licences/routes/LicenceVerificationPage.tsx'),
  'order-confirmation': () => import('../features/checkout/routes/OrderConfirmationPage.tsx'),
  'checkout-test': () => import('./routes/CheckoutTestPage.tsx'),
  'cart-debug': () => import('../features/cart/routes/CartDebugPage.tsx'),
  support: () => import('../features/support/routes/SupportPage.tsx'),
  learn: () => import('../features/content/routes/LearnPage.tsx'),
  about: () => import('../features/content/routes/AboutPage.tsx'),
  'backend-test': () => import('../features/dev-tools/routes/BackendTestPage.tsx'),
  login: () => import('../features/account/routes/LoginPage.tsx'),
  signup: () => import('../features/account/routes/SignupPage.tsx'),
  'reset-password': () => import('../features/account/routes/ResetPasswordPage.tsx'),
  'reset-password-confirm': () => import('../features/account/routes/ResetPasswordConfirmPage.tsx'),
  'email-confirmation': () => import('../features/account/routes/EmailConfirmationPage.tsx'),
  profile: () => import('../features/account/routes/ProfilePage.tsx'),
  'order-history': () => import('../features/orders/routes/OrderHistoryPage.tsx'),
  'download-hub': () => import('../features/downloads/routes/DownloadHubPage.tsx'),
  'guest-order': () => import('./routes/GuestOrderPage.tsx'),
  'find-order': () => import('../features/orders/routes/FindOrderPage.tsx'),
  'cart-reminders-unsubscribe': () => import('../features/account/routes/CartRemindersUnsubscribePage.tsx'),
  'product-updates-unsubscribe': () => import('../features/account/routes/ProductUpdatesUnsubscribePage.tsx'),
  'free-claim': () => import('../features/free-products/routes/FreeClaimPage.tsx'),
  'news-unsubscribe': () => import('../features/content/routes/NewsUnsubscribePage.tsx'),
  mailbox: () => import('../features/dev-tools/routes/MailboxPage.tsx'),
  admin: () => import('../features/admin/routes/AdminApp.tsx'),
  category: () => import('./routes/CategoryPage.tsx'),
  'not-found': () => import('../components/NotFoundPage.tsx'),
} satisfies Record<PageRouteId, LoadPage>

/** What the routes marked `comingSoon` show until the store opens. */
export const COMING_SOON_PAGE: LoadPage = () => import('../features/content/routes/ComingSoonPage.tsx')
