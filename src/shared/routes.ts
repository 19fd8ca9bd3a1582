/**
 * The store's pages, in one list: every address the browser's router answers, what the server
 * renders there and with which data, and what search engines may read. The router
 * (client/app/App.tsx, with each page's module in client/app/route-pages.ts), the server's page
 * data (client/server-render/page-data.ts), the page head and the sitemap and robots.txt
 * (server/storefront/) all read this list; a page is one entry here and its file.
 *
 * The order is the router's declaration order. React Router ranks routes by how specific they
 * are, so the order decides nothing there; the server's page data takes the first entry that
 * matches, so a catch-all (`/:categorySlug`, `/*`) stays below the fixed addresses it would
 * otherwise match.
 */

export const SITE_NAME = 'Audio Lab Store'
/** What a page without its own description says. */
export const STORE_DESCRIPTION =
  'Audio Lab Store: sample packs, MIDI packs, instruments, processors and tools for music producers. Royalty-free, instant download.'

/** The data the server loads before rendering a page (page-data.ts has one loader per kind). */
export type PageDataKey =
  /** The newest products and the hero's product. */
  | 'home'
  /** All Products: the sections with the store's facets, or the grid the address asks for. */
  | 'listing'
  /** One product and "More like this". */
  | 'product'
  /** One category and the first page of its products. */
  | 'category'
  /** Nothing beyond what every page has (the header's categories). */
  | 'content'

interface RouteFields {
  /** React Router's pattern from the store's root: `/` is the index page, `:name` a parameter, a trailing `*` the rest of the address. */
  path: string
  /** The page's title and description as the server's head states them; a product or a category takes its own from the catalog, and any other page the store's name. */
  head?: { readonly title: string; readonly description: string }
  /** The server renders the page with this data; without it the browser renders the page alone. A public page the server renders is in the sitemap. */
  serverData?: PageDataKey
  /** Belongs to one visitor (account, cart, checkout, the console): its head says noindex, and robots.txt closes its section (the address's first segment) unless it is a redirect. */
  noindex?: true
  /** This address shows a page that lives at another: the head names that one as canonical and the sitemap lists that one only. */
  canonical?: string
  /** Only a signed-in visitor sees the page; anyone else is sent to sign in. */
  signedIn?: true
  /** A developer's page: the router has it only in development (not with NODE_ENV=production). */
  devOnly?: true
  /** Until the store opens (STORE_MODE=coming-soon) the address shows the coming-soon page. */
  comingSoon?: true
  /** Outside the store's frame (no header, no footer), as Stripe's own payment page is. */
  bare?: true
}

/** An address that shows a page: its module is in client/app/route-pages.ts. */
export interface PageRoute<Id extends string = string> extends RouteFields {
  id: Id
  redirect?: undefined
}

/** An address the router sends on to another, with no page of its own. */
export interface RedirectRoute<Id extends string = string> extends RouteFields {
  id: Id
  redirect: string
}

const HOME_HEAD = { title: `${SITE_NAME} | Sample packs, MIDI and tools for producers`, description: STORE_DESCRIPTION }

const ROUTES = [
  { id: 'pay', path: '/pay/:sessionId', bare: true, noindex: true },
  { id: 'home', path: '/', head: HOME_HEAD, serverData: 'home', comingSoon: true },
  { id: 'home-alias', path: '/home', head: HOME_HEAD, serverData: 'home', comingSoon: true, canonical: '/' },
  {
    id: 'products',
    path: '/products',
    head: {
      title: `All Products | ${SITE_NAME}`,
      description: 'Browse every sample pack, MIDI pack, instrument, processor and tool in the Audio Lab Store, with audio previews.',
    },
    serverData: 'listing',
  },
  { id: 'product', path: '/products/:productId', serverData: 'product' },
  { id: 'cart', path: '/cart', noindex: true },
  { id: 'checkout', path: '/checkout', noindex: true },
  { id: 'embedded-checkout', path: '/checkout/hosted', noindex: true },
  { id: 'direct-checkout', path: '/checkout/direct', noindex: true },
  { id: 'resume-checkout', path: '/checkout/:orderId', noindex: true, signedIn: true },
  { id: 'payment-success', path: '/payment/success', noindex: true },
  { id: 'payment-cancel', path: '/payment/cancel', noindex: true },
  { id: 'licence-verification', path: '/licences/:code', noindex: true },
  { id: 'order-confirmation', path: '/order-confirmation', noindex: true },
  { id: 'checkout-test', path: '/checkout-test', devOnly: true },
  { id: 'cart-debug', path: '/cart-debug', devOnly: true },
  {
    id: 'learn',
    path: '/learn',
    head: { title: `Learn | ${SITE_NAME}`, description: 'Guides, tutorials and answers for producers using Audio Lab Store sounds and tools.' },
    serverData: 'content',
  },
  {
    id: 'about',
    path: '/about',
    head: { title: `About | ${SITE_NAME}`, description: 'Who makes the Audio Lab Store, and how we build sounds and tools for producers.' },
    serverData: 'content',
  },
  {
    id: 'support',
    path: '/support',
    head: { title: `Support | ${SITE_NAME}`, description: 'Questions about downloads, licences, payments or your account: answers and a contact form.' },
    serverData: 'content',
  },
  { id: 'backend-test', path: '/supabase-test', devOnly: true },
  { id: 'login', path: '/login', noindex: true },
  { id: 'signup', path: '/signup', noindex: true },
  { id: 'reset-password', path: '/reset-password', noindex: true },
  { id: 'reset-password-confirm', path: '/reset-password/confirm', noindex: true },
  { id: 'email-confirmation', path: '/email-confirmation', noindex: true },
  { id: 'profile', path: '/profile', noindex: true, signedIn: true },
  { id: 'order-history', path: '/order-history', noindex: true, signedIn: true },
  { id: 'download-hub', path: '/download-hub', noindex: true, signedIn: true },
  { id: 'account', path: '/account', redirect: '/profile', noindex: true },
  { id: 'orders', path: '/orders', redirect: '/order-history', noindex: true },
  // A guest's private order page (its link is the credential) and "Find my order".
  { id: 'guest-order', path: '/orders/access/:token', noindex: true },
  { id: 'find-order', path: '/orders/find', noindex: true },
  // A cart reminder's unsubscribe link (its signed token is the credential).
  { id: 'cart-reminders-unsubscribe', path: '/email-preferences/cart-reminders/:token', noindex: true },
  // An update email's unsubscribe link, for guests and accounts alike (its signed token is the credential).
  { id: 'product-updates-unsubscribe', path: '/email-preferences/product-updates/:token', noindex: true },
  // A free product's confirmation link and a news email's unsubscribe link (each signed token is the credential).
  { id: 'free-claim', path: '/free/:token', noindex: true },
  { id: 'news-unsubscribe', path: '/unsubscribe/:token', noindex: true },
  { id: 'mailbox', path: '/dev/mailbox', devOnly: true, noindex: true },
  // The owner console: one lazy app with its own router (features/admin/routes/AdminApp.tsx).
  { id: 'admin', path: '/admin/*', noindex: true },
  // A single segment no entry above claims is a category's slug.
  { id: 'category', path: '/:categorySlug', serverData: 'category' },
  { id: 'not-found', path: '/*', comingSoon: true },
] as const satisfies readonly (PageRoute | RedirectRoute)[]

type Entry = (typeof ROUTES)[number]
/** The routes that show a page of their own: each has its module in client/app/route-pages.ts. */
export type PageRouteId = Exclude<Entry, { redirect: string }>['id']
type RedirectRouteId = Extract<Entry, { redirect: string }>['id']
export type StoreRoute = PageRoute<PageRouteId> | RedirectRoute<RedirectRouteId>

export const STORE_ROUTES: readonly StoreRoute[] = ROUTES

/** An address with no parameter and no `*`: one page, not a family of them. */
export const isFixedPath = (path: string): boolean => !/[:*]/.test(path)

/** The first segment of an address (`/checkout/hosted` → `checkout`): a section of the store, which search engines are shown or kept out of as a whole. */
export const sectionOf = (path: string): string => path.split('/')[1] ?? ''
