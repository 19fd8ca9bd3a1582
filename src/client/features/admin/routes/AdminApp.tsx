/**
 * /admin/*: the owner console, one lazy chunk apart from the storefront. Guests are sent to
 * sign in; each section asks its own /api/admin data and shows "Admins only" on a 403. Its
 * router has one route per entry of the console's list (shell/admin-routes.ts), each showing its
 * page from admin-pages.ts; any other address under /admin is the not-found page.
 */
import { Route, Routes } from 'react-router'
import NotFoundPage from '../../../components/NotFoundPage.tsx'
import { RequireAuth } from '../../account/public.ts'
import { AdminLayout } from '../shell/AdminLayout.tsx'
import { ADMIN_ROOT, ADMIN_ROUTES } from '../shell/admin-routes.ts'
import { ADMIN_PAGES } from './admin-pages.ts'

export default function AdminApp() {
  return (
    <RequireAuth>
      <AdminLayout>
        <Routes>
          {ADMIN_ROUTES.map(({ id, path }) => {
            const Page = ADMIN_PAGES[id]
            // The console's router answers below /admin: the dashboard is its index, every other path is relative to it.
            return path === ADMIN_ROOT ? (
              <Route key={id} index element={<Page />} />
            ) : (
              <Route key={id} path={path.slice(ADMIN_ROOT.length + 1)} element={<Page />} />
            )
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </AdminLayout>
    </RequireAuth>
  )
}
