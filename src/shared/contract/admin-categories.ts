/**
 * The owner's categories: the form's fields (one schema for the browser and the server), and
 * the list with each category's product count. A slug is lowercase letters, digits and dashes;
 * left empty, it is made from the name.
 */
import { z } from 'zod'
import { versionSchema } from './strict-input.ts'

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** `Field Recordings & Foley` → `field-recordings-foley`. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
}

export const categoryFormSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  slug: z
    .string()
    .trim()
    .max(80, 'Slug must be at most 80 characters')
    .refine((slug) => slug === '' || CATEGORY_SLUG_PATTERN.test(slug), 'Slug may hold lowercase letters, digits and single dashes')
    .optional(),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
})
export type CategoryForm = z.infer<typeof categoryFormSchema>

/** An edit names the fields it changes and the version it was edited from (required); an older one is refused. */
export const categoryUpdateSchema = categoryFormSchema.partial().extend({ version: versionSchema })

export const reorderCategoriesSchema = z.strictObject({
  ids: z.array(z.uuid('ids must hold category ids (UUID)')).min(1, 'ids must name every category').max(500, 'ids must name at most 500 categories'),
})

export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** Products in it, active or not: a category with products cannot be deleted. */
  products: z.number().int(),
  /** Counts the saves: an edit names the version it was made from. */
  version: z.number().int(),
})
export type AdminCategory = z.infer<typeof adminCategorySchema>
export const adminCategoriesResponseSchema = z.object({ data: z.array(adminCategorySchema) })
export const adminCategoryResponseSchema = z.object({ data: adminCategorySchema })

export const CATEGORY_ADMIN_MESSAGES = {
  notFound: 'Category not found',
  changed: 'This category was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  slugTaken: 'Another category already uses this slug',
  notEmpty: 'Move or delete its products first: a category with products cannot be deleted',
  unknownIds: 'The new order must list every category exactly once',
} as const
