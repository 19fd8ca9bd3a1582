/**
 * The owner console's pages, in one list: every address under /admin the console's router
 * answers (routes/AdminApp.tsx, with each page's component in routes/admin-pages.ts) and the
 * tabs of its navigation (AdminLayout.tsx), in the order the tabs are shown. A console page is
 * its file, its entry here and its component in ADMIN_PAGES: an entry without its page, or a
 * page without its entry, fails the typecheck or routes/admin-pages.test.ts.
 *
 * The console as a whole is one entry of the store's route list (`admin`, src/shared/routes.ts):
 * the server renders none of it and keeps it out of the index, so only the console reads this list.
 */

/** The console's address, which is its dashboard's. */
export const ADMIN_ROOT = '/admin'

/** A section's tab in the console's navigation. */
interface AdminTab {
  label: string
  /** Lit at its own address only, not at the addresses below it. */
  end?: true
  /** Support staff see this section (the API answers them its data and its pages below); every other is the admin's. */
  support?: true
}

interface AdminRoute<Id extends string = string> {
  id: Id
  /** React Router's pattern from the store's root, under ADMIN_ROOT. */
  path: string
  /** A section's first page has its tab; a page below it (one product, one order) lights that tab. */
  tab?: AdminTab
}

const ROUTES = [
  { id: 'dashboard', path: ADMIN_ROOT, tab: { label: 'Dashboard', end: true } },
  { id: 'products', path: '/admin/products', tab: { label: 'Products' } },
  { id: 'new-product', path: '/admin/products/new' },
  { id: 'product', path: '/admin/products/:productId' },
  { id: 'orders', path: '/admin/orders', tab: { label: 'Orders', support: true } },
  { id: 'order', path: '/admin/orders/:orderId' },
  { id: 'promo-codes', path: '/admin/promo-codes', tab: { label: 'Promo codes' } },
  { id: 'sales', path: '/admin/sales', tab: { label: 'Sales' } },
  { id: 'customers', path: '/admin/customers', tab: { label: 'Customers', support: true } },
  { id: 'customer', path: '/admin/customers/:key' },
  { id: 'subscribers', path: '/admin/subscribers', tab: { label: 'Subscribers' } },
  { id: 'categories', path: '/admin/categories', tab: { label: 'Categories' } },
  { id: 'staff', path: '/admin/admins', tab: { label: 'Staff' } },
  { id: 'audit', path: '/admin/audit', tab: { label: 'Audit log' } },
  { id: 'settings', path: '/admin/settings', tab: { label: 'Settings' } },
  { id: 'tax', path: '/admin/tax', tab: { label: 'Tax', end: true } },
  { id: 'tax-report', path: '/admin/tax-report', tab: { label: 'Tax report' } },
] as const satisfies readonly AdminRoute[]

/** The console's routes: each has its page in routes/admin-pages.ts. */
export type AdminRouteId = (typeof ROUTES)[number]['id']

export const ADMIN_ROUTES: readonly AdminRoute<AdminRouteId>[] = ROUTES
