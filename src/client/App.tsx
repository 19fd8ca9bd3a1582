/**
 * The app shell: query client, router with every page lazy-loaded (so the first page ships
 * little JavaScript), the shared layout and the toaster.
 */
import { lazy, Suspense, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter, Route, Routes } from 'react-router'
import { createQueryClient } from './api/query-client.ts'
import { Layout } from './components/Layout.tsx'
import { PageFallback } from './components/PageFallback.tsx'
import { storeConfig } from './store-config.ts'

const HomePage = lazy(() => import('./pages/HomePage.tsx'))
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage.tsx'))
const ProductsPage = lazy(() => import('./pages/ProductsPage.tsx'))
const ProductDetailPage = lazy(() => import('./pages/ProductDetailPage.tsx'))
const CategoryPage = lazy(() => import('./pages/CategoryPage.tsx'))
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'))
const BackendTestPage = lazy(() => import('./pages/BackendTestPage.tsx'))

export function App() {
  const [queryClient] = useState(createQueryClient)
  const live = storeConfig.storeMode === 'live'
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<Lazy page={live ? <HomePage /> : <ComingSoonPage />} />} />
            <Route path="home" element={<Lazy page={live ? <HomePage /> : <ComingSoonPage />} />} />
            <Route path="products" element={<Lazy page={<ProductsPage />} />} />
            <Route path="products/:productId" element={<Lazy page={<ProductDetailPage />} />} />
            {storeConfig.devMode && <Route path="supabase-test" element={<Lazy page={<BackendTestPage />} />} />}
            <Route path=":categorySlug" element={<Lazy page={<CategoryPage />} />} />
            <Route path="*" element={<Lazy page={live ? <NotFoundPage /> : <ComingSoonPage />} />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  )
}

function Lazy({ page }: { page: React.ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{page}</Suspense>
}
