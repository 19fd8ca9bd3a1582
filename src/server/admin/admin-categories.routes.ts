/**
 * The owner's categories under /api/admin/categories: list (with product counts), create,
 * edit (renaming keeps the slug; a changed slug keeps answering at the old address), reorder,
 * and delete when empty. Every write is recorded in the audit log in its own transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminCategoriesResponseSchema,
  adminCategoryResponseSchema,
  categoryFormSchema,
  categoryUpdateSchema,
  reorderCategoriesSchema,
} from '../../shared/contract/admin-categories.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { recordId } from '../../shared/contract/strict-input.ts'
import { requireAdmin } from '../auth/session.ts'
import type { ProductAdminService } from '../catalog/product-admin.service.ts'
import type { Executor } from '../db/client.ts'
import type { AuditService } from '../audit/audit.service.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema }
const params = z.object({ id: recordId('id') })

export interface AdminCategoriesDeps {
  catalog: Pick<ProductAdminService, 'adminCategories' | 'createCategory' | 'updateCategory' | 'reorderCategories' | 'deleteCategory'>
  audit: Pick<AuditService, 'record'>
}

export function adminCategoriesRoutes({ catalog, audit }: AdminCategoriesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/categories',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every category in store order, with its product count',
          response: { 200: adminCategoriesResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load categories' },
      },
      async () => ({ data: await catalog.adminCategories() }),
    )

    app.post(
      '/api/admin/categories',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a category (its slug from the name unless given)',
          body: categoryFormSchema,
          response: { 201: adminCategoryResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to create the category' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        const created = await catalog.createCategory(request.body, (tx: Executor, change) =>
          audit.record(tx, { actor, action: 'category.create', subject: { type: 'category', id: change.after!.id }, after: change.after }),
        )
        return reply.status(201).send({ data: created })
      },
    )

    app.patch(
      '/api/admin/categories/:id',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Rename a category, change its slug (the old one keeps working) or its description, over the version it was edited from (409 when it changed since)',
          params,
          body: categoryUpdateSchema,
          response: { 200: adminCategoryResponseSchema, ...errors },
        },
        config: { failureMessage: 'Failed to save the category' },
      },
      async (request) => {
        const actor = await requireAdmin(request)
        const { version, ...form } = request.body
        const updated = await catalog.updateCategory(request.params.id, form, version, (tx, change) =>
          audit.record(tx, {
            actor,
            action: 'category.update',
            subject: { type: 'category', id: request.params.id },
            before: change.before,
            after: change.after,
          }),
        )
        return { data: updated }
      },
    )

    app.put(
      '/api/admin/categories/order',
      {
        schema: { tags: ['admin'], summary: 'Put every category in a new order', body: reorderCategoriesSchema, response: { 204: z.null(), ...errors } },
        config: { failureMessage: 'Failed to reorder categories' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        await catalog.reorderCategories(request.body.ids, (tx, change) =>
          audit.record(tx, {
            actor,
            action: 'category.reorder',
            subject: { type: 'category', id: 'order' },
            before: { ids: change.before },
            after: { ids: change.after },
          }),
        )
        return reply.status(204).send(null)
      },
    )

    app.delete(
      '/api/admin/categories/:id',
      {
        schema: { tags: ['admin'], summary: 'Delete a category that holds no product', params, response: { 204: z.null(), ...errors } },
        config: { failureMessage: 'Failed to delete the category' },
      },
      async (request, reply) => {
        const actor = await requireAdmin(request)
        await catalog.deleteCategory(request.params.id, (tx, change) =>
          audit.record(tx, { actor, action: 'category.delete', subject: { type: 'category', id: request.params.id }, before: change.before }),
        )
        return reply.status(204).send(null)
      },
    )
  }
}
