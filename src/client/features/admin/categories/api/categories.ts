/**
 * The owner's categories: GET /api/admin/categories and its writes (create, edit, reorder,
 * delete). Each write refreshes the list and the storefront's category reads.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminCategory, CategoryForm } from '../../../../../shared/contract/admin-categories.ts'
import { apiRequest } from '../../../../api/http.ts'

const KEY = ['admin', 'categories'] as const

export function useAdminCategories() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: AdminCategory[] }>('/api/admin/categories', {}, 'Failed to load categories').then((body) => body.data),
  })
}

function useCategoryWrite<Input>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY })
      await queryClient.invalidateQueries({ queryKey: ['categories'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}

export const useCreateCategory = () =>
  useCategoryWrite((form: CategoryForm) => apiRequest('/api/admin/categories', { method: 'POST', json: form }, 'Failed to create the category'))

/** Saves over the version the form was opened at; a newer one saved since is a 409 STALE_VERSION. */
export const useUpdateCategory = () =>
  useCategoryWrite(({ id, ...edit }: Partial<CategoryForm> & { id: string; version: number }) =>
    apiRequest(`/api/admin/categories/${id}`, { method: 'PATCH', json: edit }, 'Failed to save the category'),
  )

export const useReorderCategories = () =>
  useCategoryWrite((ids: string[]) => apiRequest('/api/admin/categories/order', { method: 'PUT', json: { ids } }, 'Failed to reorder categories'))

export const useDeleteCategory = () =>
  useCategoryWrite((id: string) => apiRequest(`/api/admin/categories/${id}`, { method: 'DELETE' }, 'Failed to delete the category'))
