/**
 * /admin/*: the owner console, one lazy chunk apart from the storefront. Guests are sent to
 * sign in; each section asks its own /api/admin data and shows "Admins only" on a 403.
 */
import { Route, Routes } from 'react-router'
import NotFoundPage from '../../../components/NotFoundPage.tsx'
import { RequireAuth } from '../../account/public.ts'
import { AdminLayout } from '../AdminLayout.tsx'
import AdminAdminsPage from './AdminAdminsPage.tsx'
import AdminAuditPage from './AdminAuditPage.tsx'
import AdminCategoriesPage from './AdminCategoriesPage.tsx'
import AdminCustomerPage from './AdminCustomerPage.tsx'
import AdminCustomersPage from './AdminCustomersPage.tsx'
import AdminDashboardPage from './AdminDashboardPage.tsx'
import AdminOrderPage from './AdminOrderPage.tsx'
import AdminOrdersPage from './AdminOrdersPage.tsx'
import AdminProductPage from './AdminProductPage.tsx'
import AdminProductsPage from './AdminProductsPage.tsx'
import AdminPromoCodesPage from './AdminPromoCodesPage.tsx'
import AdminSalesPage from './AdminSalesPage.tsx'
import AdminSettingsPage from './AdminSettingsPage.tsx'
import AdminSubscribersPage from './AdminSubscribersPage.tsx'
import AdminTaxPage from './AdminTaxPage.tsx'
import AdminTaxReportPage from './AdminTaxReportPage.tsx'

export default function AdminApp() {
  return (
    <RequireAuth>
      <AdminLayout>
        <Routes>
          <Route index element={<AdminDashboardPage />} />
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="products/new" element={<AdminProductPage />} />
          <Route path="products/:productId" element={<AdminProductPage />} />
          <Route path="orders" element={<AdminOrdersPage />} />
          <Route path="orders/:orderId" element={<AdminOrderPage />} />
          <Route path="promo-codes" element={<AdminPromoCodesPage />} />
          <Route path="sales" element={<AdminSalesPage />} />
          <Route path="customers" element={<AdminCustomersPage />} />
          <Route path="customers/:key" element={<AdminCustomerPage />} />
          <Route path="subscribers" element={<AdminSubscribersPage />} />
          <Route path="categories" element={<AdminCategoriesPage />} />
          <Route path="admins" element={<AdminAdminsPage />} />
          <Route path="audit" element={<AdminAuditPage />} />
          <Route path="settings" element={<AdminSettingsPage />} />
          <Route path="tax" element={<AdminTaxPage />} />
          <Route path="tax-report" element={<AdminTaxReportPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </AdminLayout>
    </RequireAuth>
  )
}
