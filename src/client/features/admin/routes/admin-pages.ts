/**
 * The page of every route in the console's list (shell/admin-routes.ts). The console is one lazy
 * chunk of the store (its entry in app/route-pages.ts) that holds all its pages, so a section
 * opens without loading more code. A route without its page here, or a page here without its
 * route, does not compile; a page file of a console domain that is not here fails
 * admin-pages.test.ts; one page at two addresses (a new product, a product) is one component.
 */
import type { ComponentType } from 'react'
import AdminAuditPage from '../audit/routes/AdminAuditPage.tsx'
import AdminCategoriesPage from '../categories/routes/AdminCategoriesPage.tsx'
import AdminCustomerPage from '../customers/routes/AdminCustomerPage.tsx'
import AdminCustomersPage from '../customers/routes/AdminCustomersPage.tsx'
import AdminDashboardPage from '../dashboard/routes/AdminDashboardPage.tsx'
import AdminSubscribersPage from '../marketing/routes/AdminSubscribersPage.tsx'
import AdminOrderPage from '../orders/routes/AdminOrderPage.tsx'
import AdminOrdersPage from '../orders/routes/AdminOrdersPage.tsx'
import AdminProductPage from '../products/routes/AdminProductPage.tsx'
import AdminProductsPage from '../products/routes/AdminProductsPage.tsx'
import AdminPromoCodesPage from '../promotions/routes/AdminPromoCodesPage.tsx'
import AdminSalesPage from '../promotions/routes/AdminSalesPage.tsx'
import AdminSettingsPage from '../settings/routes/AdminSettingsPage.tsx'
import type { AdminRouteId } from '../shell/admin-routes.ts'
import AdminAdminsPage from '../staff/routes/AdminAdminsPage.tsx'
import AdminTaxPage from '../tax/routes/AdminTaxPage.tsx'
import AdminTaxReportPage from '../tax/routes/AdminTaxReportPage.tsx'

export const ADMIN_PAGES = {
  dashboard: AdminDashboardPage,
  products: AdminProductsPage,
  'new-product': AdminProductPage,
  product: AdminProductPage,
  orders: AdminOrdersPage,
  order: AdminOrderPage,
  'promo-codes': AdminPromoCodesPage,
  sales: AdminSalesPage,
  customers: AdminCustomersPage,
  customer: AdminCustomerPage,
  subscribers: AdminSubscribersPage,
  categories: AdminCategoriesPage,
  staff: AdminAdminsPage,
  audit: AdminAuditPage,
  settings: AdminSettingsPage,
  tax: AdminTaxPage,
  'tax-report': AdminTaxReportPage,
} satisfies Record<AdminRouteId, ComponentType>
