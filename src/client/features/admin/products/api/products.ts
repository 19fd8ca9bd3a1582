/**
 * The owner's products: GET /api/admin/products (search, status, sort), one product, saving
 * the form (create, or save over the version it was opened at), duplicating one, and archiving
 * or activating several at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminProduct, AuditEntryView, BulkProductStatus, BulkProductStatusResult, ProductForm } from '../../../../../shared/contract/admin-products.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'

export interface ProductListQuery {
  search: string
  status: 'all' | 'active' | 'archived'
  sortBy: 'name' | 'price' | 'sales' | 'updated'
  sortOrder: 'asc' | 'desc'
}

export function useAdminProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: ['admin', 'products', query],
    queryFn: () =>
      apiRequest<{ data: AdminProduct[] }>(withQuery('/api/admin/products', { ...query }), {}, 'Failed to load products').then((body) => body.data),
    placeholderData: keepPreviousData,
  })
}

/** One product with its audit trail (what admins changed, newest first). */
export function useAdminProduct(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'products', 'one', id],
    queryFn: () => apiRequest<{ data: AdminProduct; history: AuditEntryView[] }>(`/api/admin/products/${id}`, {}, 'Failed to load the product'),
    enabled: id !== undefined,
  })
}

/** A new product's form, or an existing one's with the version it was opened at (a newer one saved since is a 409 STALE_VERSION). */
type ProductSave = { form: ProductForm } | { id: string; version: number; form: ProductForm }

export function useSaveProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: ProductSave) =>
      'id' in save
        ? apiRequest<{ data: AdminProduct }>(
            `/api/admin/products/${save.id}`,
            { method: 'PUT', json: { form: save.form, version: save.version } },
            'Failed to save the product',
          )
        : apiRequest<{ data: AdminProduct }>('/api/admin/products', { method: 'POST', json: { form: save.form } }, 'Failed to create the product'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}

/** POST /api/admin/products/:id/duplicate: a hidden copy without the file, opened in its edit page by the caller. */
export function useDuplicateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ data: AdminProduct }>(`/api/admin/products/${id}/duplicate`, { method: 'POST' }, 'Failed to duplicate the product').then(
        (body) => body.data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'products'] }),
  })
}

/** POST /api/admin/products/bulk-status: archive or activate the chosen products, all or none. */
export function useBulkProductStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: BulkProductStatus) =>
      apiRequest<{ data: BulkProductStatusResult }>('/api/admin/products/bulk-status', { method: 'POST', json: change }, 'Failed to change the products').then(
        (body) => body.data,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}
